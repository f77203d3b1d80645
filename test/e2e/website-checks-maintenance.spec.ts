import type { Page } from '@playwright/test';
import type { WebsiteView } from '../../src/shared/websites';
import { expect, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders } from './support/providers';

/** Waits for GridPane's sites to be our websites; `count` of them, whose domain no other contains. */
async function distinctWebsites(page: Page, count: number, from: number): Promise<WebsiteView[]> {
  let all: WebsiteView[] = [];
  await expect(async () => {
    const res = await page.request.get('/api/websites?pageSize=200&sort=domain');
    all = ((await res.json()) as { data: WebsiteView[] }).data;
    expect(all.length).toBeGreaterThan(from + count);
  }).toPass({ timeout: 60_000 });
  const distinct = all.filter(
    (w) => !w.removed && w.check === null && all.filter((o) => o.domain.includes(w.domain)).length === 1,
  );
  // From the end of the list, away from the sites other specs use, and none another spec gave a check.
  return distinct.slice(-(from + count)).slice(0, count);
}

async function newClient(page: Page, name: string, websiteIds: number[]) {
  const client = (await (await page.request.post('/api/clients', { data: { name } })).json()) as {
    id: number;
  };
  if (websiteIds.length) {
    const res = await page.request.post(`/api/clients/${client.id}/websites`, { data: { websiteIds } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  return client;
}

test("add a check for a website with the picker; the website's client page shows our check as its monitoring", async ({
  page,
}) => {
  const id = Date.now().toString(36);
  await signInByApi(page);
  await connectProviders(page);
  const [site] = await distinctWebsites(page, 1, 1);
  const client = await newClient(page, `Picker Co ${id}`, [site!.id]);

  await page.goto(`/clients/${client.id}`);
  const row = page.getByRole('row').filter({ hasText: site!.domain });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-health-source="check"]')).toHaveCount(0);

  // From the Uptime page, without reloading: the picker searches the server.
  await page.getByRole('navigation').getByRole('link', { name: 'Uptime', exact: true }).click();
  await page.getByRole('button', { name: 'Add check' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Check' });
  await expect(dialog.getByLabel('URL')).toHaveValue('https://');
  await dialog.getByRole('combobox', { name: 'Website' }).click();
  await page.getByRole('searchbox', { name: 'Search websites...' }).fill(site!.domain);
  await page.getByRole('option', { name: site!.name, exact: true }).click();
  await expect(dialog.getByLabel('URL')).toHaveValue(`https://${site!.domain}/`);
  await expect(dialog.getByRole('combobox', { name: 'Website' })).toHaveText(site!.name);
  await dialog.getByRole('button', { name: 'Add Check' }).click();
  await expect(page).toHaveURL(/\/uptime\/checks\/\d+$/);
  const checkPath = new URL(page.url()).pathname;

  // Back to the client page (no reload): the website is watched by our check, which the row links to.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  const source = row.locator('[data-health-source="check"]');
  await expect(source).toBeVisible();
  await expect(source.getByRole('link', { name: 'Our check' })).toHaveAttribute('href', checkPath);
  await expect(row.getByText('Better Uptime')).toHaveCount(0);
});

test('start maintenance for a client from its page, see it there and on the Uptime page; a bulk start from the Websites selection', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  await signInByApi(page);
  await connectProviders(page);
  const [mine, bulk] = await distinctWebsites(page, 2, 4);
  const name = `Maintained Co ${id}`;
  const client = await newClient(page, name, [mine!.id]);

  await page.goto(`/clients/${client.id}`);
  const card = page.getByRole('list', { name: 'Maintenance' });
  await expect(
    page.getByText("None on or planned. Start one before work on this client's websites"),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Start maintenance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start maintenance' });
  await expect(dialog.getByText(`every website of ${name}`)).toBeVisible();
  await dialog.getByLabel('Reason (optional)').fill(`Updates ${id}`);
  await dialog.getByRole('button', { name: 'Start now' }).click();
  await expect(dialog).toBeHidden();
  const onClientPage = card.getByRole('listitem').filter({ hasText: `Updates ${id}` });
  await expect(onClientPage).toContainText('On now');
  await expect(onClientPage).toContainText(/On until /);
  await expect(onClientPage.getByRole('link', { name: `Client ${name}` })).toBeVisible();
  // Its website reads "Maintenance" at once.
  await expect(
    page.getByRole('row').filter({ hasText: mine!.domain }).locator('[data-health="maintenance"]'),
  ).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Uptime', exact: true }).click();
  const onUptime = page
    .getByRole('list', { name: 'Maintenance' })
    .getByRole('listitem')
    .filter({ hasText: `Updates ${id}` });
  await expect(onUptime.getByRole('link', { name: `Client ${name}` })).toBeVisible();

  // Ending asks first; saying no keeps it.
  await onUptime.getByRole('button', { name: 'End now' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'End this maintenance now?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(onUptime).toBeVisible();
  await onUptime.getByRole('button', { name: 'End now' }).click();
  await confirm.getByRole('button', { name: 'End now' }).click();
  await expect(onUptime).toHaveCount(0);

  // A bulk start for the websites selected in the Websites list.
  await page.goto(`/websites?q=${encodeURIComponent(bulk!.domain)}`);
  await page.getByRole('checkbox', { name: `Select ${bulk!.domain}` }).check();
  const selection = page.getByRole('region', { name: 'Selected websites' });
  await selection.getByRole('button', { name: 'Start maintenance' }).click();
  const bulkDialog = page.getByRole('dialog', { name: 'Start maintenance' });
  await expect(bulkDialog.getByText('the selected website')).toBeVisible();
  await bulkDialog.getByLabel('Reason (optional)').fill(`Bulk ${id}`);
  await bulkDialog.getByRole('button', { name: 'Start now' }).click();
  await expect(bulkDialog).toBeHidden();
  await expect(selection).toBeHidden();
  await expect(
    page.getByRole('row').filter({ hasText: bulk!.domain }).locator('[data-health="maintenance"]'),
  ).toBeVisible();

  await page.goto('/uptime');
  const bulkWindow = page
    .getByRole('list', { name: 'Maintenance' })
    .getByRole('listitem')
    .filter({ hasText: `Bulk ${id}` });
  await expect(bulkWindow.getByRole('link', { name: bulk!.domain })).toHaveAttribute(
    'href',
    `/websites/internal/${bulk!.id}`,
  );
  await bulkWindow.getByRole('button', { name: 'End now' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(bulkWindow).toHaveCount(0);
});
