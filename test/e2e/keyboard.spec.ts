import type { Locator, Page } from '@playwright/test';
import { admin, expect, test } from './support/fixtures';
import { signedInPages } from './support/pages';

// The main flows by keyboard alone, each focused control showing where the focus is (WCAG 2.4.7).

/** Whether the focused element draws a focus indicator: an outline or a ring (box-shadow). */
const focusShown = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    const own = getComputedStyle(el);
    const drawn = (s: CSSStyleDeclaration) =>
      (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    // A visually hidden radio or checkbox shows its focus on its label.
    const label = el.closest('label');
    if (drawn(own) || (label && drawn(getComputedStyle(label)))) return 'ok';
    return `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}"`;
  });

/** Presses Tab until `target` has the focus, checking that every stop on the way shows it. */
async function tabTo(page: Page, target: Locator, max = 60) {
  const focused = () => target.evaluate((el) => el === document.activeElement);
  if (await focused()) return;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const shown = await focusShown(page);
    // Past the last control the browser's own toolbar holds the focus; the next Tab comes back.
    if (shown === 'nothing focused') continue;
    expect(shown, 'every focused control shows its focus').toBe('ok');
    if (await focused()) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of Tab`);
}

test('sign in, add a client and tag a website by keyboard alone', async ({ page }) => {
  test.setTimeout(60_000); // dozens of Tab presses, each checked
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(admin.username);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  // Clients, from the sidebar.
  await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Clients' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clients$/);
  await tabTo(page, page.getByRole('button', { name: 'Add Client' }).first());
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Add Client' });
  await expect(form.getByLabel('Name')).toBeFocused();
  const name = `Keyboard Client ${Date.now().toString(36)}`;
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Client created successfully', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A website's tags: create a new tag there and it is assigned.
  const urls = await signedInPages(page);
  await page.goto(urls.find((u) => u.startsWith('/websites/internal/'))!);
  await tabTo(page, page.getByRole('button', { name: 'Create New Tag' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('New tag name')).toBeFocused();
  const tag = `kb-${Date.now().toString(36)}`;
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Assigned tags' }).getByText(tag)).toBeVisible();
});

test('open search with Ctrl+K and pick a result by keyboard', async ({ page }) => {
  const urls = await signedInPages(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Search websites, servers, pages...');
  await expect(input).toBeFocused();
  await page.keyboard.type('settings');
  await expect(page.getByRole('option', { name: /Settings/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  expect(urls).toContain('/settings');
});
