import { z } from 'zod';
import { installedSoftware } from './websites';

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

/** One known vulnerability of something a website runs. */
export const websiteFinding = z.object({
  /** The finding on this website: "<website id>:<vulnerability id>:<type>:<slug>". */
  id: z.string(),
  vulnerabilityId: z.string(),
  title: z.string(),
  severity: z.enum(SEVERITIES),
  cvss: z.number().nullable(),
  cve: z.string().nullable(),
  software: z.object({ type: z.enum(['plugin', 'theme', 'core']), slug: z.string(), name: z.string() }),
  installedVersion: z.string(),
  /** The first release that fixes it; null when no fix is published. */
  patchedVersion: z.string().nullable(),
  /** The record's page at the feed's source, which every finding shown links to. */
  reference: z.string(),
  /** The notices the feed's licence asks to show beside its records. */
  copyright: z.string().nullable(),
  dismissed: z.boolean(),
});
export type WebsiteFinding = z.infer<typeof websiteFinding>;

/** Where the vulnerability data comes from and how old it is. */
export const feedStatus = z.object({
  readAt: z.string().nullable(),
  records: z.number().int(),
  error: z.string().nullable(),
});
export type FeedStatus = z.infer<typeof feedStatus>;

/**
 * GET /api/websites/{id}/security: what the website runs and what of it is known to be vulnerable.
 * `checked` false with a `reason` while its plugins or the vulnerability data are not known: never
 * read as "no vulnerabilities". `core.verdict`, `closed` and `stale` need wordpress.org's checks:
 * null (not checked) until those are read.
 */
export const websiteSecurity = z.object({
  checked: z.boolean(),
  reason: z.string().nullable(),
  checkedAt: z.string().nullable(),
  plugins: z.array(installedSoftware),
  themes: z.array(installedSoftware),
  core: z.object({
    version: z.string().nullable(),
    verdict: z.enum(['latest', 'outdated', 'insecure']).nullable(),
  }),
  findings: z.array(websiteFinding),
  closed: z
    .array(z.object({ slug: z.string(), closedOn: z.string().nullable(), reason: z.string().nullable() }))
    .nullable(),
  stale: z
    .array(z.object({ slug: z.string(), version: z.string(), unchangedDays: z.number().int() }))
    .nullable(),
  feed: feedStatus,
});
export type WebsiteSecurity = z.infer<typeof websiteSecurity>;
