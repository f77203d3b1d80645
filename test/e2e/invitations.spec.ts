import { generate } from 'otplib';
import { expect, newUser, signOut, test } from './support/fixtures';
import { signInByApi } from './support/pages';

const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

test('an Admin invites a Staff member, who joins through the link, turns on two-factor sign-in and signs in with it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const inviter = await newUser(page, 'inviter', 'admin');
  const n = `joiner${Date.now().toString(36)}`;
  const joiner = { username: n, email: `${n}@agency.test`, password: `${n} secret` };

  await signInByApi(page, inviter);
  await page.goto('/team');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Email').fill(joiner.email);
  await expect(dialog.getByLabel('Role')).toHaveText('Staff');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const link = dialog.getByLabel('Invitation link');
  await expect(link).toHaveValue(/\/invitation\?token=/);
  const url = await link.inputValue();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const pending = page.getByRole('table', { name: 'Pending invitations' });
  const row = pending.getByRole('row').filter({ hasText: joiner.email });
  await expect(row).toContainText('Staff');
  await expect(row).toContainText(inviter.username);
  await signOut(page);

  // The link, opened signed out: who is invited to what, and the email they were invited at.
  const { pathname, search } = new URL(url);
  await page.goto(pathname + search);
  await expect(page.getByRole('heading', { name: /^Join .+ as Staff$/ })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(joiner.email);
  await page.getByLabel('Username').fill(joiner.username);
  await page.getByLabel('Password', { exact: true }).fill(joiner.password);
  await page.getByLabel('Confirm Password').fill('something else');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill(joiner.password);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Two-factor sign-in, turned on by the new member.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await section.getByLabel('Code from the app').fill(await codeAt(secret));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await signOut(page);

  // The link is used: it opens nothing any more.
  await page.goto(pathname + search);
  await expect(page.getByText(/This invitation link is not valid/)).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Username').fill(joiner.username);
  await page.getByLabel('Password', { exact: true }).fill(joiner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The code of the step just used is spent: the next step's code signs in.
  await page.getByLabel('Authentication code').fill(await codeAt(secret, 30));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
});
