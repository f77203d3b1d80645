import { z } from 'zod';
import { filterEnum, filterId, listQuery, pageMeta } from './lists';
import { websiteRisk } from './risk';
import { syncProgress } from './servers';
import { fleetFilters, siteMonitor } from './sites';
import { tag } from './tags';
import { HEALTH_STATES, health, websiteMonitoring } from './website-health';

export * from './website-health';

/** Our own record of a site a host lists: one per normalised domain, never duplicated. */
export const website = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string(),
  integrationProvider: z.string(),
  providerSiteId: z.string().nullable(),
  serverId: z.string().nullable(),
  status: z.string(),
  environment: z.string(),
  removed: z.boolean(),
  /** The client it belongs to, if any (PUT /api/websites/{id}/client). */
  clientId: z.number().int().nullable(),
  tags: z.array(tag),
});
export type Website = z.infer<typeof website>;

/** PUT /api/websites/{id}/client: the client the website belongs to, or null for none. */
export const websiteClientRequest = z.strictObject({
  clientId: z.number({ error: 'clientId must be a client id or null' }).int().positive().nullable(),
});
export const websiteClient = z.object({
  websiteId: z.number().int(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

/**
 * PUT /api/websites/{id}/monitor: the Better Uptime monitor that watches this website, by its id;
 * null gives the choice back to the website's domain.
 */
export const websiteMonitorRequest = z.strictObject({
  monitorId: z
    .string({ error: 'monitorId must be a Better Uptime monitor id or null' })
    .trim()
    .min(1, 'monitorId must be a Better Uptime monitor id or null')
    .max(64, 'monitorId must be a Better Uptime monitor id or null')
    .nullable(),
});

/** GET /api/websites/options: a few websites matching a text, for pickers (assigning to a client). */
export const websiteOptionsQuery = z.strictObject({
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(20),
});
export const websiteOption = z.object({
  id: z.number().int(),
  domain: z.string(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type WebsiteOption = z.infer<typeof websiteOption>;
export const websiteOptions = z.object({ data: z.array(websiteOption), total: z.number().int() });
export const WEBSITE_SORTS = [
  'domain',
  'name',
  'status',
  'health',
  'client',
  'wordpress',
  'php',
  'server',
] as const;

/** The hosts whose sites become websites. */
export const WEBSITE_HOSTS = ['gridpane', 'kinsta'] as const;
export type WebsiteHost = (typeof WEBSITE_HOSTS)[number];
/** How pages name each host. */
export const WEBSITE_HOST_NAMES: Record<WebsiteHost, string> = { gridpane: 'GridPane', kinsta: 'Kinsta' };

/** The Websites list's filters (their presence asks for a page); the CSV export takes exactly these. */
export const websiteFilters = {
  ...fleetFilters,
  health: filterEnum('health', HEALTH_STATES).optional(),
  clientId: filterId('clientId').optional(),
  host: filterEnum('host', WEBSITE_HOSTS).optional(),
};
export const WEBSITE_FILTER_KEYS = Object.keys(websiteFilters);

/** GET /api/websites: the whole list, or with paging or the filters one page (`refresh` reads the hosts anew). */
export const websiteListQuery = listQuery(WEBSITE_SORTS, {
  ...websiteFilters,
  refresh: z.enum(['true', 'false'], { error: 'refresh must be true or false' }).optional(),
});
export type WebsiteListQuery = z.input<typeof websiteListQuery>;

/**
 * A website with what the lists show of it: its server's label, its client, its WordPress and PHP,
 * its health, and what watches it (our check and/or a Better Uptime monitor, whose status and 30-day
 * uptime `monitor` keeps as the monitor-data map has them).
 */
export const websiteView = website.extend({
  serverLabel: z.string().nullable(),
  /** When Agency Hub first saw it at its host. */
  addedAt: z.string(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  wordpressVersion: z.string().nullable(),
  phpVersion: z.string().nullable(),
  health,
  /** When what its health follows (its check, else its monitor) last looked at it. */
  lastCheckedAt: z.string().nullable(),
  check: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The Better Uptime monitor watching it; `linked` when a person chose it rather than its domain. */
  betterUptimeMonitor: z.object({ id: z.string(), name: z.string(), linked: z.boolean() }).nullable(),
  monitor: siteMonitor.nullable(),
});
export type WebsiteView = z.infer<typeof websiteView>;

/** Who told us a version: the site's HD Snapshot plugin (what WordPress reports) or its host. */
export const VERSION_SOURCES = ['hdsnapshot', 'gridpane', 'kinsta'] as const;
export const VERSION_SOURCE_LABELS: Record<(typeof VERSION_SOURCES)[number], string> = {
  hdsnapshot: 'HD Snapshot',
  gridpane: 'GridPane',
  kinsta: 'Kinsta',
};
/** A version as one source gave it, and when that source was last read (null: not known). */
export const versionReading = z.object({
  version: z.string(),
  source: z.enum(VERSION_SOURCES),
  readAt: z.string().nullable(),
});
export type VersionReading = z.infer<typeof versionReading>;

/**
 * GET /api/websites/{id}: the view, with each version labelled by its source and read time (a host's
 * PHP and what WordPress reports can differ: both are shown, named), and how the plugin last answered.
 */
/** A plugin or theme a website runs, as its source listed it. */
export const installedSoftware = z.object({
  slug: z.string(),
  name: z.string(),
  version: z.string().nullable(),
  active: z.boolean(),
  /** The update WordPress offers (plugins), null when none or unknown. */
  updateVersion: z.string().nullable(),
});
export type InstalledSoftware = z.infer<typeof installedSoftware>;

/**
 * What a website runs: `checked` false with a `reason` while no source lists its plugins (never read
 * as "nothing installed"); `readAt` when the list was read, `source` who listed it.
 */
export const websiteSoftware = z.object({
  checked: z.boolean(),
  reason: z.string().nullable(),
  readAt: z.string().nullable(),
  source: z.string().nullable(),
  plugins: z.array(installedSoftware),
  themes: z.array(installedSoftware),
});
export type WebsiteSoftware = z.infer<typeof websiteSoftware>;

export const websiteDetail = websiteView.extend({
  /** Both watchers with their 30-day figures: our check and the Better Uptime monitor of its domain. */
  watchers: z.object({ check: websiteMonitoring.nullable(), monitor: websiteMonitoring.nullable() }),
  versions: z.object({
    wordpress: versionReading.nullable(),
    /** What WordPress reports first, then what the host says it runs. */
    php: z.array(versionReading),
    /** The last time the HD Snapshot plugin was asked: whether it answered, and why not. */
    snapshot: z
      .object({ ok: z.boolean(), error: z.string().nullable(), attemptedAt: z.string().nullable() })
      .nullable(),
  }),
  software: websiteSoftware,
});
export type WebsiteDetail = z.infer<typeof websiteDetail>;
/**
 * A row of the Websites list's pages: the view with its security risk, computed for the page's rows
 * only.
 */
export const websiteRow = websiteView.extend({ risk: websiteRisk });
export type WebsiteRow = z.infer<typeof websiteRow>;
/** Where the list stands with a host whose sites become websites (GridPane …). */
export const hostSync = z.object({
  provider: z.enum(WEBSITE_HOSTS),
  syncedAt: z.string().nullable(),
  partial: z.boolean(),
  error: z.string().nullable(),
  /** A sync is under way: the list shows what is stored so far and fills in. */
  refreshing: z.boolean(),
  /** How far that sync has read its sites, when it says (null otherwise). */
  progress: syncProgress.nullable(),
});
export type HostSync = z.infer<typeof hostSync>;

export const websitePage = z.object({
  data: z.array(websiteRow),
  ...pageMeta,
  /** The hosts that are set up and on; none means no host is connected yet. */
  hosts: z.array(hostSync),
});
export const websiteList = z.array(websiteView);
export type WebsitePage = z.infer<typeof websitePage>;
export const websiteListResponse = z.union([websitePage, websiteList]);
