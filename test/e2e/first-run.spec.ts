import { admin, allStacks, expect, test } from './support/fixtures';

// Every worker's app starts empty: each one's first account is made here, through its printed link.
test('the first account is created through the printed setup link, then setup closes', async ({
  browser,
}) => {
  for (const stack of allStacks()) {
    // A context per app: the apps differ only by port, and cookies do not tell ports apart.
    const context = await browser.newContext({ baseURL: stack.baseURL });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByText(/setup link/i)).toBeVisible();

    const setupUrl = new URL(stack.setupUrl);
    await page.goto(`/setup${setupUrl.search}`);
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Confirm Password').fill(admin.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'account menu' }).click();
    await expect(page.getByRole('menu')).toContainText(admin.email);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto(`/setup${setupUrl.search}`);
    await expect(page.getByText('Agency Hub is already set up.')).toBeVisible();
    await context.close();
  }
});
