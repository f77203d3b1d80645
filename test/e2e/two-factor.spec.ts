import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { admin, expect, newUser, signIn, signOut, test } from './support/fixtures';

/** The password step alone: with two-factor sign-in on, the page then asks for the code. */
async function passwordStep(page: Page, user: { username: string; password: string }) {
  await signOut(page);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

test('turn on two-factor sign-in, keep the recovery codes, then sign in with a code and with a recovery code', async ({
  page,
}) => {
  const user = await newUser(page, 'twofactor');
  await signIn(page, user);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with an authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');

  // A wrong code is refused under the field; the right one turns it on and shows the codes once.
  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(section.getByText(/does not match/)).toBeVisible();
  await section.getByLabel('Code from the app').fill(await codeAt(secret));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  const spare = await codes.nth(1).innerText();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 of 10 recovery codes left')).toBeVisible();

  // Sign-in asks for the code after the password. The code of the step just used is spent: the next
  // step's code (one step ahead is allowed for a phone's clock) signs in.
  await passwordStep(page, user);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Authentication code').fill(await codeAt(secret, 30));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // With the phone lost: a recovery code, once.
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings');
  await expect(
    page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('9 of 10 recovery codes left'),
  ).toBeVisible();

  // "Remember this browser": the next sign-in here takes the password alone, until it is forgotten.
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(spare);
  await page.getByLabel('Remember this browser for 30 days (no code asked here)').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await passwordStep(page, user);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings');
  const browsers = page.getByRole('list', { name: 'Remembered browsers' }).getByRole('listitem');
  await expect(browsers).toHaveCount(1);
  await browsers
    .first()
    .getByRole('button', { name: /^Forget / })
    .click();
  await expect(page.getByText('Browser forgotten', { exact: true })).toBeVisible();
  await passwordStep(page, user);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
});

test('the Owner requires two-factor sign-in for Staff; a Staff member is told by when', async ({ page }) => {
  const staff = await newUser(page, 'due', 'staff');
  await signIn(page, admin);
  await page.goto('/settings#security');
  const rules = page.locator('#security');
  await rules.getByLabel('Staff', { exact: true }).check();
  await rules.getByRole('button', { name: 'Save security rules' }).click();
  await expect(page.getByText('Security rules saved', { exact: true })).toBeVisible();
  try {
    await signOut(page);
    await signIn(page, staff);
    const notice = page.getByRole('status').filter({ hasText: 'requires two-factor sign-in' });
    await expect(notice).toContainText(/Turn it on by \w{3} \d{1,2}, \d{4}/);
    await notice.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
    await expect(page).toHaveURL(/\/settings#two-factor$/);
    // A Staff member sees the rules but cannot change them.
    await expect(page.locator('#security').getByLabel('Staff', { exact: true })).toBeDisabled();
  } finally {
    // Other specs sign in as Staff: the rule does not outlive this test.
    const api = page.context().request;
    await api.post('/api/auth/login', { data: { username: admin.username, password: admin.password } });
    const lifted = await api.put('/api/settings/security', { data: { requireTwoFactor: [] } });
    expect(lifted.ok(), await lifted.text()).toBeTruthy();
  }
});

test('creating an API token in a session without a recent code asks for one, then creates it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const user = await newUser(page, 'fresh');
  await signIn(page, user); // this browser signs in before two-factor sign-in is on
  // Elsewhere (a second browser), the person turns two-factor sign-in on.
  const other = await playwright.request.newContext({ baseURL });
  await other.post('/api/auth/login', { data: { username: user.username, password: user.password } });
  const { secret } = (await (await other.post('/api/auth/2fa/setup')).json()) as { secret: string };
  expect(
    (await other.post('/api/auth/2fa/enable', { data: { code: await codeAt(secret) } })).ok(),
  ).toBeTruthy();

  await page.goto('/settings');
  const create = page.getByRole('form', { name: 'Create an API token' });
  await create.getByLabel('Token name').fill('Deploys');
  await create.getByLabel('Expires after').selectOption('30');
  await create.getByRole('button', { name: 'Create token' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel('Code from the app').fill('000000');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText(/code is not right/)).toBeVisible();
  await confirm.getByLabel('Code from the app').fill(await codeAt(secret, 30));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByLabel('New API token')).toHaveValue(/^ahp_/);
});
