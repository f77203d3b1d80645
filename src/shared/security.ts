import { z } from 'zod';
import { fleetFilters } from './fleet';
import { filterEnum, pageParam, pageSizeParam, qParam } from './lists';
import { SEVERITIES } from './risk';
import { installedSoftware } from './websites';

export { SEVERITIES, SEVERITY_LABELS, type Severity } from './risk';

/** A finding an Admin set aside on one website: why, until when, by whom (their username) and when. */
export const findingDismissal = z.object({
  reason: z.string(),
  until: z.string(),
  by: z.string().nullable(),
  at: z.string(),
});
export type FindingDismissal = z.infer<typeof findingDismissal>;

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
  /** Why and until when an Admin set it aside; null while it is open. */
  dismissal: findingDismissal.nullable(),
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

/** The filters of the Security page, its summary and its export: the fleet's, plus severity and status. */
export const FINDING_STATUSES = ['open', 'dismissed', 'all'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const securityFilters = {
  ...fleetFilters,
  severity: filterEnum('severity', SEVERITIES).optional(),
  /** open (the default): findings not dismissed; dismissed: only those set aside; all: both. */
  status: filterEnum('status', FINDING_STATUSES).optional(),
};

/** GET /api/security/findings: a page of findings, one row per vulnerability of one piece of software. */
export const securityFindingsQuery = z.strictObject({
  page: pageParam.optional(),
  pageSize: pageSizeParam.optional(),
  q: qParam.optional(),
  ...securityFilters,
});
export type SecurityFindingsQuery = z.infer<typeof securityFindingsQuery>;

export const securityFinding = z.object({
  /** The vulnerability on this software: "<vulnerability id>:<type>:<slug>". */
  id: z.string(),
  vulnerabilityId: z.string(),
  title: z.string(),
  software: z.object({ type: z.enum(['plugin', 'theme', 'core']), slug: z.string(), name: z.string() }),
  severity: z.enum(SEVERITIES),
  cvss: z.number().nullable(),
  cve: z.string().nullable(),
  /** The release that fixes it on every affected site (the highest any of them needs); null: no fix. */
  patchedVersion: z.string().nullable(),
  /** Websites running an affected version (of those the filters select). */
  siteCount: z.number().int(),
  reference: z.string(),
  copyright: z.string().nullable(),
});
export type SecurityFinding = z.infer<typeof securityFinding>;

export const securityFindingsPage = z.object({
  data: z.array(securityFinding),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  feed: feedStatus,
});
export type SecurityFindingsPage = z.infer<typeof securityFindingsPage>;

/** GET /api/security/findings/{id}/sites: the websites one finding affects. */
export const findingSite = z.object({
  /** The finding on this website, as dismissed: "<website id>:<vulnerability id>:<type>:<slug>". */
  id: z.string(),
  website: z.object({ id: z.number().int(), name: z.string() }),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  installedVersion: z.string(),
  patchedVersion: z.string().nullable(),
  dismissal: findingDismissal.nullable(),
});
export type FindingSite = z.infer<typeof findingSite>;
export const findingSites = z.object({ data: z.array(findingSite), total: z.number().int() });
export type FindingSites = z.infer<typeof findingSites>;

/**
 * GET /api/security/summary: the fleet at a glance. `findings` counts websites with at least one open
 * finding of each severity; a figure that needs a source not read yet is null ("not checked"), never 0.
 */
export const securitySummary = z.object({
  sites: z.object({ checked: z.number().int(), notChecked: z.number().int() }),
  findings: z.object({
    critical: z.number().int(),
    high: z.number().int(),
    medium: z.number().int(),
    low: z.number().int(),
    unknown: z.number().int(),
  }),
  /** Plugin and theme updates WordPress offers, across the checked sites. */
  updatesAvailable: z.number().int(),
  closedPlugins: z.number().int().nullable(),
  coreInsecure: z.number().int().nullable(),
  /** Websites on a PHP branch past its end of security support. */
  phpEol: z.number().int(),
  feed: feedStatus,
  /** Why sites are not checked, most common first, with how many each. */
  notCheckedReasons: z.array(z.object({ reason: z.string(), sites: z.number().int() })),
});
export type SecuritySummary = z.infer<typeof securitySummary>;

/** POST /api/security/findings/{id}/dismiss. */
export const dismissFindingBody = z.strictObject({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
  until: z.iso.datetime({
    offset: true,
    error: 'until must be a date and time, such as 2027-01-31T00:00:00Z',
  }),
});
export type DismissFindingBody = z.infer<typeof dismissFindingBody>;

/**
 * GET /api/security/closed-plugins: every plugin wordpress.org's directory closed that a selected
 * website runs, with its sites (the first 20 by name, and how many in all). `checked` is false while
 * the directory was never read: the list is then unknown, not empty.
 */
export const closedPlugins = z.object({
  checked: z.boolean(),
  items: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      closedOn: z.string().nullable(),
      reason: z.string().nullable(),
      siteCount: z.number().int(),
      sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type ClosedPlugins = z.infer<typeof closedPlugins>;
