import { admin, expect, newUser, signIn, signOut, test } from './support/fixtures';

test('an Owner reads the audit log, filters it in the address, exports it and checks its chain', async ({
  page,
}) => {
  const name = `Audit Co ${Date.now().toString(36)}`;
  await signIn(page, admin);
  const created = await page.request.post('/api/clients', { data: { name, email: 'ops@audit.test' } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const client = (await created.json()) as { id: number };

  await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'When',
    'Who',
    'Action',
    'Target',
    'Changes',
    'IP',
  ]);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('clients.create');
  await expect(row).toContainText(`clients #${client.id}`);
  await expect(row).toContainText(admin.username);

  // Filters live in the address; the export link carries them.
  // An entry's action narrows the list to that action, in the filter and in the address.
  await row.getByRole('button', { name: 'Show only clients.create entries' }).click();
  await expect(page).toHaveURL(/[?&]action=clients\.create/);
  await expect(page.getByLabel('Action')).toHaveValue('clients.create');
  await expect(table.getByRole('row').filter({ hasText: 'auth.login' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
    'href',
    '/api/audit/export.csv?action=clients.create',
  );
  await page.getByLabel('Action').fill('no.such.action');
  await expect(page.getByText('No audit entries match these filters')).toBeVisible();

  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The audit log is intact' })).toContainText(
    /The audit log is intact: \d+ entr(y|ies) checked/,
  );
});

test('Staff do not see the audit log in the menu, and the page tells them who it is for', async ({
  page,
}) => {
  const staff = await newUser(page, 'auditstaff', 'staff');
  await signIn(page, staff);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Team' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page.getByText('The audit log is for Admins and Owners')).toBeVisible();
  await signOut(page);
});
