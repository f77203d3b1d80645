import { admin, expect, signIn, test } from './support/fixtures';

test.beforeEach(async ({ page }) => {
  await signIn(page, admin);
  // The shell (and its shortcuts) loads after sign-in.
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
});

test('Ctrl+B collapses and expands the sidebar and remembers it in the sidebar_state cookie', async ({
  page,
  context,
}) => {
  const sidebar = page.locator('aside[data-state]');
  const before = (await sidebar.boundingBox())!.width;
  await page.keyboard.press('Control+b');
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(before);
  expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('false');
  await page.reload();
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(before);
  await page.keyboard.press('Control+b');
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(before);
  expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
});

test('the theme menu switches to dark and back, and remembers the choice', async ({ page }) => {
  const html = page.locator('html');
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(html).not.toHaveClass(/dark/);
});

test('unknown pages show the 404 page', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test('placeholders read "coming soon" and the active entry is highlighted', async ({ page }) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByText(/coming soon/i)).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Analytics' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('Ctrl+K opens search; arrows and Enter navigate; Esc closes', async ({ page }) => {
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Search websites, servers, pages...');
  await expect(input).toBeFocused();
  await input.fill('zzzz-nothing');
  await expect(page.getByText('No results found for "zzzz-nothing"')).toBeVisible();
  await input.fill('integr');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(input).toBeHidden();
  await page.keyboard.press('Control+k');
  // Escape only means something once the dialog is open and focused.
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
});
