import { admin, expect, newUser, signIn, test } from './support/fixtures';

test('an anonymous visitor is sent to /login from any page', async ({ page }) => {
  await page.goto('/servers');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('sign in, see the shell, sign out', async ({ page }) => {
  await signIn(page, admin);
  await expect(page.getByText('Agency Management Hub')).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Clients' })).toBeVisible();
  await page.getByRole('button', { name: 'account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the "Login failed" toast and keeps the form usable', async ({ page }) => {
  const user = await newUser(page, 'wrongpw');
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid username or password', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeEditable();
});

test('validation messages are the shared schema texts', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
});

test('"Remember me" keeps the session cookie for 30 days; without it the cookie ends with the browser', async ({
  page,
  context,
}) => {
  const user = await newUser(page, 'remember');
  await signIn(page, user);
  let cookie = (await context.cookies()).find((c) => c.name === 'ah_session')!;
  expect(cookie.expires).toBe(-1);
  expect(cookie.httpOnly).toBe(true);

  await context.clearCookies();
  await signIn(page, user, { rememberMe: true });
  cookie = (await context.cookies()).find((c) => c.name === 'ah_session')!;
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThan(30.1);
});

test('forgot password → DEVELOPMENT MODE link → reset → sign in with the new password', async ({ page }) => {
  const user = await newUser(page, 'forgot');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset instructions have been sent to your email.')).toBeVisible();
  await expect(page.getByText('DEVELOPMENT MODE', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: /reset-password\?token=/ }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New Password').fill('brand new pass');
  await page.getByLabel('Confirm Password').fill('something else');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('brand new pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset Successful!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await signIn(page, { username: user.username, password: 'brand new pass' });
});

test('a reset link without a token says so and goes back to /login', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid Link', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
});
