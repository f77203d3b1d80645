import { type Finding, scanInBothThemes } from './support/axe';
import { expect, test } from './support/fixtures';
import { emptyStatePages, settle, signedInPages, signedOutPages, signInByApi } from './support/pages';

// No serious or critical axe-core violation on any page, signed out and signed in, in light and dark.
// WCAG 2.2 AA rules, with label-content-name-mismatch (WCAG 2.5.3) included. Each page is opened once
// and scanned in both themes (scanInBothThemes): the browser starts with no theme chosen, so the app
// follows the operating system's, which the scan turns from light to dark.

test('signed-out pages have no serious axe violations (light and dark)', async ({ page }) => {
  const findings: Finding[] = [];
  for (const url of signedOutPages) {
    await page.goto(url);
    findings.push(...(await scanInBothThemes(page, url)));
  }
  expect(findings).toEqual([]);
});

test('signed-in pages and dialogs have no serious axe violations (light and dark)', async ({ page }) => {
  // Every signed-in page (empty, then with data) and the dialogs, each scanned in both themes: about two
  // and a half minutes on a 2-core machine, so it gets twice that.
  test.setTimeout(300_000);
  const findings: Finding[] = [];
  const scanPages = async (urls: string[]) => {
    for (const url of urls) {
      await page.goto(url);
      findings.push(...(await scanInBothThemes(page, url)));
    }
  };
  // Before any data (the first browser spec to run sees the empty states), then with data.
  await signInByApi(page);
  await scanPages(emptyStatePages);
  await scanPages(await signedInPages(page));
  // The overlays people use most: search, the add-client form and the account menu; the websites' grid.
  await page.goto('/clients');
  await settle(page);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  findings.push(...(await scanInBothThemes(page, 'search dialog')));
  // Website hits carry their health.
  await page.getByRole('combobox', { name: 'Search' }).fill('.');
  await expect(page.getByRole('option').locator('[data-health]').first()).toBeVisible();
  findings.push(...(await scanInBothThemes(page, 'search dialog with websites')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add Client' }).first().click();
  findings.push(...(await scanInBothThemes(page, 'add client dialog')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'account menu' }).click();
  findings.push(...(await scanInBothThemes(page, 'account menu')));
  await page.keyboard.press('Escape');
  // The Websites page's grid view (the list view is the page's default, scanned above).
  await page.goto('/websites');
  await settle(page);
  await page.getByRole('tab', { name: 'Grid View' }).click();
  findings.push(...(await scanInBothThemes(page, 'websites grid view')));
  expect(findings).toEqual([]);
});

test('the forms people fill in most have no serious axe violations (light and dark)', async ({ page }) => {
  test.setTimeout(120_000);
  const findings: Finding[] = [];
  await signInByApi(page);
  // Add check, empty and then with its errors shown.
  await page.goto('/uptime');
  await settle(page);
  await page.getByRole('button', { name: 'Add check' }).first().click();
  const check = page.getByRole('dialog', { name: 'Add Check' });
  await expect(check).toBeVisible();
  findings.push(...(await scanInBothThemes(page, 'add check dialog')));
  await check.getByRole('button', { name: 'Add Check' }).click();
  await expect(check.getByText(/required|Enter/i).first()).toBeVisible();
  findings.push(...(await scanInBothThemes(page, 'add check dialog with errors')));
  await page.keyboard.press('Escape');
  // Add task.
  await page.goto('/tasks');
  await settle(page);
  await page.getByRole('button', { name: 'Add Task' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Add Task' })).toBeVisible();
  findings.push(...(await scanInBothThemes(page, 'add task dialog')));
  await page.keyboard.press('Escape');
  // Start maintenance, from a website's page.
  const websites = (await (await page.request.get('/api/websites?page=1&pageSize=1')).json()) as {
    data: { id: number }[];
  };
  if (websites.data[0]) {
    await page.goto(`/websites/internal/${websites.data[0].id}`);
    await settle(page);
    await page.getByRole('button', { name: 'Start maintenance' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Start maintenance' })).toBeVisible();
    findings.push(...(await scanInBothThemes(page, 'start maintenance dialog')));
    await page.keyboard.press('Escape');
  }
  expect(findings).toEqual([]);
});
