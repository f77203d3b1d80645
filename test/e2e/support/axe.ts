import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// No serious or critical axe-core violation: WCAG 2.2 AA rules and best practices, with
// label-content-name-mismatch (WCAG 2.5.3) included.

export type Finding = { url: string; rule: string; impact: string; nodes: string[] };

/** The serious and critical axe-core findings on the page as it is now, named by `url`. */
export async function scan(page: Page, url: string): Promise<Finding[]> {
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
