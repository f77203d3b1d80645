import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settle } from './pages';

// No serious or critical axe-core violation: WCAG 2.2 AA rules and best practices, with
// label-content-name-mismatch (WCAG 2.5.3) included.

export type Finding = { url: string; rule: string; impact: string; nodes: string[] };

/**
 * The rules whose verdict depends on colours: the dark theme changes colours only (the same page, the
 * same markup), so these are the rules that can answer differently in it.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical axe-core findings on the page as it is now, named by `url`; with `colours`,
 * only the rules that depend on colours run.
 */
export async function scan(page: Page, url: string, opts: { colours?: boolean } = {}): Promise<Finding[]> {
  // axe-core runs in the page itself: the app has no frames, so the default (a partial run per frame,
  // then the results put together in a new blank page) would only add a page and a second copy of
  // axe-core to every scan, most of its fixed cost.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (opts.colours) builder.withRules(COLOUR_RULES);
  else
    builder
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const result = await builder.analyze();
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

/**
 * The page as it is now, in both themes: every rule in light, then the operating system turned to dark
 * (the app follows it live when no theme was chosen) and the colour rules again, then back to light.
 * One visit covers both themes, so a page is opened and drawn once rather than once per theme.
 */
export async function scanInBothThemes(page: Page, url: string): Promise<Finding[]> {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await settle(page);
  const findings = await scan(page, `${url} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
  await settle(page);
  findings.push(...(await scan(page, `${url} (dark)`, { colours: true })));
  await page.emulateMedia({ colorScheme: 'light' });
  return findings;
}
