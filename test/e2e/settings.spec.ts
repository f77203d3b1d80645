import { expect, newUser, signIn, test } from './support/fixtures';
import { signInByApi } from './support/pages';

// A tiny valid PNG (1×1, transparent).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('your account: profile, password (other sessions end) and sessions', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await newUser(page, 'settings');
  // A second browser signed in as the same person, to be signed out by the password change.
  const other = await browser.newContext({ baseURL });
  const otherLogin = await other.request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(otherLogin.ok()).toBeTruthy();
  await signInByApi(page, user);
  await page.goto('/settings');

  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Email').fill(`renamed.${user.email}`);
  // A new address needs the current password: without it the form says so and saves nothing.
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Enter your current password to change your email')).toBeVisible();
  await profile.getByLabel('Current password').fill(user.password);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  await profile.getByLabel('Username').fill('owner');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('This username is already taken')).toBeVisible();

  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password').fill('not my password');
  await password.getByLabel('New password', { exact: true }).fill('a new secret 1');
  await password.getByLabel('Confirm new password').fill('a new secret 1');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Your current password is not correct')).toBeVisible();
  await password.getByLabel('Current password').fill(user.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveValue('');
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  await other.close();

  // This browser is still signed in; the new password is the one that works.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByText('This browser')).toBeVisible();
  await expect(sessions.getByText(/Chrom(e|ium) on Linux/)).toBeVisible();
  const check = await page.request.post('/api/auth/login', {
    data: { username: user.username, password: 'a new secret 1' },
  });
  expect(check.ok()).toBeTruthy();
});

test('sign out another session from Settings', async ({ page, browser, baseURL }) => {
  const user = await newUser(page, 'sessions');
  const elsewhere = await browser.newContext({
    baseURL,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
  });
  const phone = await elsewhere.newPage();
  await signIn(phone, user);
  await signIn(page, user);
  await page.goto('/settings');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  await expect(page.getByText('That session has ended.', { exact: true })).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await phone.request.get('/api/auth/me')).status()).toBe(401);
  await elsewhere.close();
});

test('API tokens: created once-shown, used as Bearer, revoked; the API reference opens', async ({
  page,
  playwright,
  baseURL,
}) => {
  const user = await newUser(page, 'tokens');
  await signInByApi(page, user);
  await page.goto('/settings');
  const create = page.getByRole('form', { name: 'Create an API token' });
  await create.getByLabel('Token name').fill('Nightly report');
  await create.getByLabel('Expires after').selectOption('30');
  await create.getByRole('button', { name: 'Create token' }).click();
  const secret = await page.getByLabel('New API token').inputValue();
  expect(secret).toMatch(/^ahp_/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('New API token')).toHaveCount(0);
  const row = page
    .getByRole('table', { name: 'Your API tokens' })
    .getByRole('row', { name: /Nightly report/ });
  await expect(row.getByText('Never used')).toBeVisible();

  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  expect((await script.get('/api/clients')).status()).toBe(200);
  await page.reload();
  await expect(row.getByText('Just now')).toBeVisible();

  await row.getByRole('button', { name: 'Revoke Nightly report' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await script.get('/api/clients')).status()).toBe(401);
  await script.dispose();

  // The reference, served from our origin under our CSP: no violation, the operations listed.
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const [docs] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /API reference/ }).click(),
  ]);
  docs.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await expect(docs.getByText('Agency Hub API').first()).toBeVisible();
  // Every area is listed (collapsed); opening one lists its operations.
  await expect(docs.getByRole('link', { name: 'audit', exact: true })).toBeVisible();
  await docs.getByRole('link', { name: 'tokens', exact: true }).click();
  await expect(docs.getByText('/api/tokens', { exact: true }).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('agency: name, time zone and logo', async ({ page }) => {
  const user = await newUser(page, 'agency', 'admin'); // agency settings are an Admin's
  await signInByApi(page, user);
  await page.goto('/settings');
  const agency = page.getByRole('form', { name: 'Agency details' });
  await agency.getByLabel('Agency name').fill('Pixel & Co');
  await agency.getByLabel('Time zone').selectOption('Europe/Lisbon');
  await agency.getByRole('button', { name: 'Save agency details' }).click();
  await expect(page.getByText('Agency settings saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Agency name')).toHaveValue('Pixel & Co');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Lisbon');

  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(page.getByText('The logo must be a PNG, JPEG or WebP image')).toBeVisible();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Logo saved', { exact: true })).toBeVisible();
  const logo = page.getByRole('img', { name: 'Current agency logo' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  expect(await logo.getAttribute('src')).toMatch(/^\/api\/settings\/agency\/logo\?v=\d+$/);
});
