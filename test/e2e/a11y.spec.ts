import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { emptyStatePages, settle, signedInPages, signedOutPages, signInByApi } from './support/pages';

// Quality bar S12: no serious or critical axe-core violation on any page, signed out and signed in,
// in light and dark. WCAG 2.2 AA rules, with label-content-name-mismatch (WCAG 2.5.3) included.

type Finding = { url: string; rule: string; impact: string; nodes: string[] };

async function scan(page: Page, url: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      url,
      rule: v.id,
      impact: v.impact!,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim()}`),
    }));
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('agency-hub-theme', t), theme);
    });

    test(`signed-out pages have no serious axe violations (${theme})`, async ({ page }) => {
      const findings: Finding[] = [];
      for (const url of signedOutPages) {
        await page.goto(url);
        await settle(page);
        findings.push(...(await scan(page, url)));
      }
      expect(findings).toEqual([]);
    });

    test(`signed-in pages and dialogs have no serious axe violations (${theme})`, async ({ page }) => {
      test.setTimeout(150_000);
      const findings: Finding[] = [];
      const scanPages = async (urls: string[]) => {
        for (const url of urls) {
          await page.goto(url);
          await settle(page);
          await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
          findings.push(...(await scan(page, url)));
        }
      };
      // Before any data (the first browser spec to run sees the empty states), then with data.
      await signInByApi(page);
      await scanPages(emptyStatePages);
      await scanPages(await signedInPages(page));
      // The overlays people use most: search, the add-client form and the account menu.
      await page.goto('/clients');
      await settle(page);
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      findings.push(...(await scan(page, 'search dialog')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add Client' }).first().click();
      await settle(page);
      findings.push(...(await scan(page, 'add client dialog')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'account menu' }).click();
      await settle(page);
      findings.push(...(await scan(page, 'account menu')));
      expect(findings).toEqual([]);
    });
  });
}
