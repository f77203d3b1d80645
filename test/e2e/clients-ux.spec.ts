import type { Page } from '@playwright/test';
import { scan } from './support/axe';
import { expect, test } from './support/fixtures';
import { settle, signInByApi } from './support/pages';
import { connectProviders } from './support/providers';

// The clients' table view, a new client's page, Undo of a removed tag, and the keyboard's way
// through the shell (skip link, focus back on a dialog's opener, a task's title).

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newClient(page: Page, data: Record<string, unknown>): Promise<{ id: number; name: string }> {
  const res = await page.request.post('/api/clients', { data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: number; name: string };
}

type WebsiteRow = { id: number; health: { state: string } };

test('the table view lists company, contact, websites and those down, sorted by company', async ({
  page,
}) => {
  await signInByApi(page);
  await connectProviders(page);
  // The sites come from the GridPane sync; one that is down now (by its health) when there is one.
  let sites: WebsiteRow[] = [];
  await expect(async () => {
    sites = (
      (await (await page.request.get('/api/websites?page=1&pageSize=50')).json()) as { data: WebsiteRow[] }
    ).data;
    expect(sites.length).toBeGreaterThan(1);
  }).toPass();
  const down = (
    (await (await page.request.get('/api/websites?page=1&health=down')).json()) as { data: WebsiteRow[] }
  ).data;
  const picked = [down[0] ?? sites[0]!, sites.find((s) => s.id !== (down[0] ?? sites[0]!).id)!];
  const expectedDown = picked.filter((s) => s.health.state === 'down').length;

  const id = unique();
  // Name order and company order disagree, so the table's order shows which one it follows.
  const zebra = await newClient(page, {
    name: `Aaron ${id}`,
    company: `Zebra Works ${id}`,
    email: `a.${id}@z.test`,
  });
  const acme = await newClient(page, { name: `Zed ${id}`, company: `Acme ${id}` });
  const assign = await page.request.post(`/api/clients/${acme.id}/websites`, {
    data: { websiteIds: picked.map((s) => s.id) },
  });
  expect(assign.ok(), await assign.text()).toBeTruthy();

  await page.goto(`/clients?q=${id}`);
  // Cards first, by company too.
  await expect(page.getByRole('article')).toHaveText([new RegExp(acme.name), new RegExp(zebra.name)]);
  await page.getByRole('tab', { name: 'List View' }).click();
  await expect(page).toHaveURL(/view=list/);
  const table = page.getByRole('table', { name: 'Clients' });
  const rows = table.locator('tbody tr');
  await expect(rows.locator('[data-column="company"]')).toHaveText([`Acme ${id}`, `Zebra Works ${id}`]);
  const acmeRow = rows.filter({ hasText: `Acme ${id}` });
  await expect(acmeRow.locator('[data-column="contact"]')).toContainText(acme.name);
  await expect(acmeRow.locator('[data-column="websites"]')).toHaveText('2');
  await expect(acmeRow.locator('[data-column="down"]')).toHaveText(String(expectedDown));
  const zebraRow = rows.filter({ hasText: `Zebra Works ${id}` });
  await expect(zebraRow.locator('[data-column="contact"]')).toContainText(`a.${id}@z.test`);
  await expect(zebraRow.locator('[data-column="websites"]')).toHaveText('0');
  await expect(zebraRow.locator('[data-column="down"]')).toHaveText('0');
  await expect(table.getByRole('columnheader', { name: 'Company' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  // The other direction, then the contact's name; the view and the sort stay in the address.
  await table.getByRole('button', { name: 'Company' }).click();
  await expect(rows.locator('[data-column="company"]')).toHaveText([`Zebra Works ${id}`, `Acme ${id}`]);
  await table.getByRole('button', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await page.reload();
  await expect(rows.locator('[data-column="contact"] a')).toHaveText([zebra.name, acme.name]);
  await expect(page.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');

  // No serious axe finding in the table view.
  await settle(page);
  expect(await scan(page, 'clients table view')).toEqual([]);
});

test('Add Client opens the new client’s page', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Add Client' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Client' });
  const name = `Brand New ${unique()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add Client' }).click();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(form).toBeHidden();
});

test('a removed tag comes back with Undo; a new tag is made from the tag menu', async ({ page }) => {
  await signInByApi(page);
  const id = unique();
  const client = await newClient(page, { name: `Tagged ${id}` });
  const tagRes = await page.request.post('/api/tags', { data: { name: `Keep ${id}` } });
  expect(tagRes.ok(), await tagRes.text()).toBeTruthy();
  const tag = (await tagRes.json()) as { id: number; name: string };
  await page.request.post(`/api/clients/${client.id}/tags`, { data: { tagId: tag.id } });

  await page.goto(`/clients?q=${id}`);
  const card = page.getByRole('article', { name: client.name });
  await card.getByRole('button', { name: `Remove tag ${tag.name}` }).click();
  await expect(card.getByText(tag.name, { exact: true })).toBeHidden();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Tag removed', { exact: true })).toBeVisible();
  await toasts.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Tag restored', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Remove tag ${tag.name}` })).toBeVisible();
  await page.reload();
  await expect(card.getByText(tag.name, { exact: true })).toBeVisible();

  // Create a tag right from the card's tag menu: it is assigned at once.
  await card.getByRole('button', { name: `Add tag to ${client.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create New Tag' }).click();
  await page.getByLabel('New tag name').fill(`Fresh ${id}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tag created successfully', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Remove tag Fresh ${id}` })).toBeVisible();
});

test('keyboard: the skip link leads to the main content', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(/\/clients$/);
  // The next Tab goes on inside the page, not back to the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(
    true,
  );
});

test('keyboard: a dialog closed with Escape or Cancel gives the focus back to its opener', async ({
  page,
}) => {
  await signInByApi(page);
  const id = unique();
  const client = await newClient(page, { name: `Focus ${id}` });
  await page.goto(`/clients?q=${id}`);

  // A plain button: Add Client, closed with Cancel.
  const add = page.getByRole('button', { name: 'Add Client' }).first();
  await add.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Add Client' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(add).toBeFocused();

  // From a menu: the card's actions, Edit, closed with Escape; the focus is back on the menu's button.
  const actions = page.getByRole('button', { name: `Actions for ${client.name}` });
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // The menu's typeahead: E moves to Edit.
  await page.keyboard.press('e');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(edit.getByLabel('Name')).toHaveValue(client.name);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(actions).toBeFocused();
});

test('a task’s title opens the task', async ({ page }) => {
  await signInByApi(page);
  const title = `Open me ${unique()}`;
  const res = await page.request.post('/api/tasks', { data: { title, priority: 'low' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  await page.goto('/tasks');
  await page.getByRole('button', { name: title, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: title, exact: true }).first()).toBeFocused();
});
