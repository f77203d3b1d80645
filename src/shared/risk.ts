import { z } from 'zod';

/** How bad a finding is, worst first: a finding without a score is "unknown", ranked above low. */
export const SEVERITIES = ['critical', 'high', 'medium', 'unknown', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_LABELS: Record<Severity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  unknown: 'Unknown',
  low: 'Low',
};

/**
 * A website's security risk as the lists show it: the severity of its worst open (not dismissed)
 * finding and how many open findings it has. `checked` false, with the `reason`, while its plugins or
 * the vulnerability data are not known: such a site is "not checked", never read as safe. Checked with
 * no open finding: `severity` null and `open` 0.
 */
export const websiteRisk = z.object({
  checked: z.boolean(),
  reason: z.string().nullable(),
  severity: z.enum(SEVERITIES).nullable(),
  open: z.number().int(),
  /**
   * What wordpress.org says against what the site runs, in words: its WordPress release is insecure,
   * a plugin it runs was closed. Empty when nothing, or while not checked.
   */
  warnings: z.array(z.string()),
});
export type WebsiteRisk = z.infer<typeof websiteRisk>;

/**
 * A risk in words, as every list, page and export names it (the open count goes beside it): the worst
 * open finding's severity, wordpress.org's warnings when there is no finding, "No known
 * vulnerabilities", or "Not checked", never "safe" for a site not checked.
 */
export function riskLabel(risk: WebsiteRisk): string {
  if (!risk.checked) return 'Not checked';
  if (risk.severity !== null && risk.open > 0) return SEVERITY_LABELS[risk.severity];
  if (risk.warnings.length > 0)
    return risk.warnings.length === 1 ? 'wordpress.org warning' : 'wordpress.org warnings';
  return 'No known vulnerabilities';
}
