import type { Page } from '@playwright/test';
import { admin, expect, signIn, test } from './support/fixtures';
import { connectProviders } from './support/providers';

const counter = (page: Page, key: string) => page.getByTestId(`count-${key}`);
const readCount = async (page: Page, key: string) =>
  Number((await counter(page, key).textContent())?.replaceAll(',', ''));

test('add a task for a client, move it across the board, tick it, duplicate and delete', async ({ page }) => {
  const id = Date.now().toString(36);
  const title = `Update plugins ${id}`;
  const clientName = `Acme ${id}`;
  await signIn(page, admin);
  // The client comes from the API, with the browser's session.
  const client = await page.request.post('/api/clients', { data: { name: clientName } });
  expect(client.ok(), await client.text()).toBeTruthy();
  // A website to link, found through the form's server-side search (a fleet can hold 20,000).
  await connectProviders(page);
  let site = { id: 0, name: '' };
  await expect(async () => {
    const res = await page.request.get('/api/websites?pageSize=1&sort=-domain');
    site = (await res.json()).data[0];
    expect(site?.id).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });

  await page.getByRole('navigation').getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(counter(page, 'total')).toHaveText(/^\d[\d,]*$/);
  const before = {
    total: await readCount(page, 'total'),
    todo: await readCount(page, 'todo'),
    completed: await readCount(page, 'completed'),
  };

  // Add Task: validation first, then the real thing.
  await page.getByRole('button', { name: 'Add Task' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Task' });
  await form.getByRole('button', { name: 'Add Task' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Monthly maintenance window');
  await form.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  await form.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: clientName, exact: true }).click();
  await form.getByRole('combobox', { name: 'Website' }).click();
  await page.getByPlaceholder('Search websites...').fill(site.name);
  await page.getByRole('option', { name: site.name, exact: true }).click();
  await expect(form.getByRole('combobox', { name: 'Website' })).toHaveText(site.name);
  await form.getByLabel('Project').fill('Care plan');
  await form.getByLabel('Estimated Hours').fill('4');
  await form.getByLabel('Tags').fill('seo, wordpress, SEO, urgent-fix');
  await form.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByText('Task created', { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  const saved = await (await page.request.get(`/api/tasks?q=${encodeURIComponent(title)}&page=1`)).json();
  expect(saved.data[0].website).toEqual({ id: site.id, name: site.name });

  // Only our tasks on the board from here on.
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(id);
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(column('To Do').getByRole('article', { name: title })).toBeVisible();
  await expect(card.getByText(clientName)).toBeVisible();
  await expect(card.getByText('High')).toBeVisible();
  await expect(card.getByText('seo', { exact: true })).toBeVisible();
  await expect(card.getByText('wordpress', { exact: true })).toBeVisible();
  await expect(card.getByText('+1')).toBeVisible();
  await expect(counter(page, 'total')).toHaveText(String(before.total + 1));
  await expect(counter(page, 'todo')).toHaveText(String(before.todo + 1));

  // Across the board with the card's menu (no dragging): the counters follow.
  for (const status of ['In Progress', 'Review', 'Completed']) {
    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: `Move to ${status}` }).click();
    await expect(column(status).getByRole('article', { name: title })).toBeVisible();
  }
  await expect(counter(page, 'todo')).toHaveText(String(before.todo));
  await expect(counter(page, 'completed')).toHaveText(String(before.completed + 1));

  // The checkbox turns a completed task back to To Do.
  await card.getByRole('checkbox', { name: `Mark ${title} as not done` }).click();
  await expect(column('To Do').getByRole('article', { name: title })).toBeVisible();
  await expect(counter(page, 'completed')).toHaveText(String(before.completed));

  // List View: duplicate, then delete the copy.
  await page.getByRole('tab', { name: 'List View' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.first()).toContainText('To Do');
  await expect(row.first()).toContainText('0h / 4h');
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByText('Task duplicated', { exact: true })).toBeVisible();
  const copy = page.getByRole('row').filter({ hasText: `Copy of ${title}` });
  await expect(copy).toBeVisible();
  await expect(counter(page, 'total')).toHaveText(String(before.total + 2));

  await copy.getByRole('button', { name: `Actions for Copy of ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this task?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Task deleted', { exact: true })).toBeVisible();
  await expect(copy).toBeHidden();
  await expect(row).toHaveCount(1);
  await expect(counter(page, 'total')).toHaveText(String(before.total + 1));

  // The Client filter searches clients on the server; the choice stays in the address through a reload.
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('');
  await page.getByRole('combobox', { name: 'Client filter' }).click();
  await page.getByPlaceholder('Search clients...').fill(clientName);
  await page.getByRole('option', { name: clientName, exact: true }).click();
  await expect(page).toHaveURL(/[?&]client=\d+/);
  await expect(page.getByText(/^1 of [\d,]+ tasks?$/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Client filter' })).toHaveText(clientName);
  await expect(card).toBeVisible();
  // Nobody is assigned to it: the Assignee filter empties the board.
  await page.getByRole('combobox', { name: 'Assignee filter' }).click();
  await page.getByRole('option', { name: admin.username, exact: true }).click();
  await expect(page).toHaveURL(/[?&]assignee=\d+/);
  await expect(page.getByText('No tasks found', { exact: true })).toBeVisible();

  // Filtering to nothing says so.
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(`nothing-${id}`);
  await expect(page.getByText('No tasks found', { exact: true })).toBeVisible();
  await expect(page.getByText('Try adjusting your filters', { exact: true })).toBeVisible();
});
