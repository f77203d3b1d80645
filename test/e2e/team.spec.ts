import type { Locator } from '@playwright/test';
import { admin, expect, newUser, signIn, signOut, state, test } from './support/fixtures';
import { signInByApi } from './support/pages';
import { connectProviders, websitesReady } from './support/providers';

test('add a team member, refuse a duplicate inline, then sign in as the new member', async ({ page }) => {
  const username = `member${Date.now().toString(36)}`;
  const member = { username, email: `${username}@agency.test`, password: 'member secret 1' };
  await signIn(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole('heading', { name: 'Team', exact: true, level: 2 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'ID',
    'Username',
    'Email',
    'Role',
    'Clients',
    '2FA',
    'Last sign-in',
    'Actions',
  ]);
  await expect(table.getByRole('row').filter({ hasText: admin.username })).toContainText('(you)');

  // Client-side validation, with the shared schema messages.
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User created', { exact: true })).toBeVisible();
  await expect(page.getByText(`${member.username} can now sign in.`, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('');
  const row = table.getByRole('row').filter({ hasText: member.username });
  await expect(row).toContainText(member.email);
  await expect(row).not.toContainText('(you)');

  // The same username again: the server's message above the form, the field message under the field.
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(`other.${member.email}`);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(
    page.getByText(`The username "${member.username}" is already taken`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('This username is already taken', { exact: true })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: member.username })).toHaveCount(1);

  await signOut(page);
  await signIn(page, member);
  await page.goto('/team');
  await expect(table.getByRole('row').filter({ hasText: member.username })).toContainText('(you)');
});

test('remove a colleague after confirming: they are signed out and cannot sign in again', async ({
  page,
  browser,
}) => {
  const member = await newUser(page, 'leaver');
  // The colleague is signed in elsewhere.
  const elsewhere = await browser.newContext({ baseURL: state().baseURL });
  const theirPage = await elsewhere.newPage();
  await signInByApi(theirPage, member);

  await signInByApi(page);
  await page.goto('/team');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: member.username });
  await row.getByRole('button', { name: `Remove ${member.username}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Remove ${member.username}?`);
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('User removed', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  await theirPage.goto('/tasks');
  await expect(theirPage).toHaveURL(/\/login$/);
  await theirPage.getByLabel('Username').fill(member.username);
  await theirPage.getByLabel('Password', { exact: true }).fill(member.password);
  await theirPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(theirPage.getByText('Invalid username or password', { exact: true })).toBeVisible();
  await elsewhere.close();
});

test('the Owner makes a colleague a Viewer, who then sees each write disabled with the role it needs', async ({
  page,
}) => {
  const member = await newUser(page, 'viewer');
  await signInByApi(page);
  await page.goto('/team');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: member.username });
  await expect(row.getByRole('combobox', { name: `Role of ${member.username}` })).toHaveText('Staff');
  await row.getByRole('combobox', { name: `Role of ${member.username}` }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await expect(page.getByText(`${member.username} is now Viewer.`, { exact: true })).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Role of ${member.username}` })).toHaveText('Viewer');
  // The Owner's own row is theirs to hand over, not a stranger's to change.
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: '(you)' })).toContainText('Owner');

  await connectProviders(page);
  await websitesReady(page);
  await signOut(page);
  await signInByApi(page, member);
  // A website's tags: shown, without the controls that change them.
  const [website] = (await (await page.request.get('/api/websites?pageSize=1')).json()).data as {
    id: number;
  }[];
  await page.goto(`/websites/internal/${website!.id}`);
  await expect(page.getByText('Needs the Staff role or higher to change tags.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Tag' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove tag / })).toHaveCount(0);
  await page.goto('/clients');
  // The toolbar's, and the empty list's when there are no clients yet.
  const add = page.getByRole('button', { name: 'Add Client' }).first();
  await expect(add).toBeDisabled();
  await expect(page.locator('[data-needs-role="staff"]').first()).toContainText(
    'Needs the Staff role or higher',
  );
  await page.goto('/team');
  await expect(
    page.getByText('Needs the Admin role or higher to add team members or change their roles.'),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Role of / })).toHaveCount(0);
  // The server says the same to a Viewer who calls the API directly.
  const refused = await page.request.post('/api/clients', { data: { name: 'Not allowed' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(
    'This needs the Staff role or higher; your role is Viewer. Ask an Admin of your agency.',
  );
});

/** The control is disabled, and the wrapper that takes its place says which role it needs. */
async function gated(control: Locator, role: 'staff' | 'admin') {
  await expect(control).toBeDisabled();
  await expect(control.locator(`xpath=ancestor::*[@data-needs-role="${role}"][1]`)).toContainText(
    `Needs the ${role === 'staff' ? 'Staff' : 'Admin'} role or higher`,
  );
}

test('a Viewer finds each write on a check, website, client, report, Integrations, Tasks and Fleet disabled with the role it needs', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const viewer = await newUser(page, 'reader', 'viewer');
  await signInByApi(page);
  await connectProviders(page);
  await websitesReady(page);
  // What the Viewer will look at, made by the Owner: a check, a client, a task.
  const websites = (
    (await (await page.request.get('/api/websites?pageSize=100&sort=domain')).json()) as {
      data: {
        id: number;
        check: unknown;
        removed?: boolean;
      }[];
    }
  ).data.filter((w) => w.check === null && !w.removed);
  const [toCheck, unchecked] = websites.slice(-2);
  expect(unchecked, 'the fake account has websites without a check of ours').toBeDefined();
  const made = await page.request.post('/api/checks/for-websites', { data: { websiteIds: [toCheck!.id] } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const [check] = (
    (await (await page.request.get(`/api/checks?websiteId=${toCheck!.id}`)).json()) as {
      data: { id: number }[];
    }
  ).data;
  const created = await page.request.post('/api/clients', { data: { name: `Read only ${id}` } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const client = (await created.json()) as { id: number };
  const title = `Read only task ${id}`;
  const task = await page.request.post('/api/tasks', { data: { title, priority: 'low' } });
  expect(task.ok(), await task.text()).toBeTruthy();
  await page.request.post('/api/auth/logout');
  await signInByApi(page, viewer);

  await page.goto(`/uptime/checks/${check!.id}`);
  await gated(page.getByRole('button', { name: 'Edit', exact: true }), 'staff');
  await gated(page.getByRole('button', { name: /^(Pause|Resume)$/ }), 'staff');
  await gated(page.getByRole('button', { name: 'Maintenance', exact: true }), 'staff');
  await gated(page.getByRole('button', { name: /^Delete the check / }), 'admin');

  await page.goto(`/websites/internal/${unchecked!.id}`);
  await gated(
    page.getByRole('region', { name: 'Our check' }).getByRole('button', { name: 'Add check' }),
    'staff',
  );
  await gated(page.getByRole('combobox', { name: 'Client', exact: true }), 'staff');

  await page.goto(`/clients/${client.id}`);
  await gated(page.getByRole('button', { name: 'Edit', exact: true }), 'staff');
  await gated(page.getByRole('button', { name: 'Add websites' }), 'staff');
  await page.goto(`/clients/${client.id}/report`);
  await gated(page.getByRole('switch', { name: 'Send the report every month' }), 'staff');
  await gated(page.getByRole('button', { name: 'Save schedule' }), 'staff');

  await page.goto('/integrations');
  await gated(page.getByRole('switch', { name: 'Connect GridPane' }), 'admin');

  await page.goto(`/tasks?q=${encodeURIComponent(title)}`);
  await gated(page.getByRole('checkbox', { name: `Mark ${title} as done` }).first(), 'staff');
  await page
    .getByRole('button', { name: `Actions for ${title}` })
    .first()
    .click();
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toHaveAttribute('data-disabled', '');
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('data-disabled', '');
  await expect(page.getByRole('menu').locator('[data-needs-role="staff"]')).toHaveText(
    'Needs the Staff role or higher to change tasks',
  );
  await page.keyboard.press('Escape');

  // The fake account's monitors cover every site, so Coverage offers a client for each, not a check.
  await page.goto('/fleet');
  await gated(page.getByRole('combobox', { name: /^Client for / }).first(), 'staff');

  // What the Owner made for this test goes again: later specs count the checks and clients.
  const owner = page.context().request;
  await owner.post('/api/auth/login', { data: { username: admin.username, password: admin.password } });
  for (const url of [`/api/checks/${check!.id}`, `/api/clients/${client.id}`]) {
    const gone = await owner.delete(url);
    expect(gone.ok(), `${url}: ${await gone.text()}`).toBeTruthy();
  }
});
