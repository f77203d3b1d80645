import { admin, expect, newUser, signIn, state, test } from './support/fixtures';

test('add a team member, refuse a duplicate inline, then sign in as the new member', async ({ page }) => {
  const username = `member${Date.now().toString(36)}`;
  const member = { username, email: `${username}@agency.test`, password: 'member secret 1' };
  await signIn(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole('heading', { name: 'Team', exact: true, level: 2 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['ID', 'Username', 'Email', 'Actions']);
  await expect(table.getByRole('row').filter({ hasText: admin.username })).toContainText('(you)');

  // Client-side validation, with the spec's messages.
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

  await page.getByRole('button', { name: 'account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
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
  await signIn(theirPage, member);

  await signIn(page, admin);
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
