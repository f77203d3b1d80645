import { z } from 'zod';
import { filterEnum, filterId, listOption, listQuery, pageMeta } from './lists';
import { SITE_MONITOR_STATUSES } from './monitors';
import { cacheMeta, refreshQuery } from './servers';
import { tag } from './tags';
import { health } from './website-health';

/** A hosting-provider site plus the id of our internal website record. */
export const site = z.object({
  id: z.number(),
  url: z.string(),
  status: z.enum(['active', 'pending', 'error']),
  php_version: z.string().nullable(),
  server_id: z.number().nullable(),
  server_label: z.string().nullable(),
  type: z.string().nullable(),
  is_ssl: z.boolean(),
  ssl_status: z.string().nullable(),
  nginx_caching: z.string().nullable(),
  website_id: z.number().nullable(),
});
export type Site = z.infer<typeof site>;

export const siteList = z.object({ data: z.array(site), ...cacheMeta });

export const SITE_STATUSES = ['active', 'pending', 'error'] as const;
/** What watches the site, by its website's health: up, down, paused, or `none` (not monitored). */
export const SITE_MONITOR_FILTERS = ['up', 'down', 'paused', 'none'] as const;
export const MONITOR_FILTER_HEALTH = {
  up: 'up',
  down: 'down',
  paused: 'paused',
  none: 'unmonitored',
} as const satisfies Record<(typeof SITE_MONITOR_FILTERS)[number], string>;
export const SITE_SORTS = ['url', 'status', 'server'] as const;

/** The filters of the sites and websites lists (their presence asks for a page). */
export const fleetFilters = {
  serverId: filterId('serverId').optional(),
  tagId: filterId('tagId').optional(),
  status: filterEnum('status', SITE_STATUSES).optional(),
  monitor: filterEnum('monitor', SITE_MONITOR_FILTERS).optional(),
};
export const FLEET_FILTER_KEYS = Object.keys(fleetFilters);

/** GET /api/sites: the whole list, or with paging or filters one page. */
export const siteListQuery = listQuery(SITE_SORTS, { ...refreshQuery.shape, ...fleetFilters });
export type SiteListQuery = z.input<typeof siteListQuery>;

export const siteMonitor = z.object({
  /** As in GET /api/websites/monitor-data: anything but up, down or paused is other. */
  status: z.enum(SITE_MONITOR_STATUSES),
  /** 30-day uptime in percent; null until measured. */
  uptime: z.number().nullable(),
});

/** A row of the Websites page: the site joined in SQL to our website, its tags and its monitor. */
export const siteRow = site.extend({
  website_name: z.string().nullable(),
  /** Its website's health (the one every page shows); null when no website matches the site. */
  health: health.nullable(),
  tags: z.array(tag),
  monitor: siteMonitor.nullable(),
});
export type SiteRow = z.infer<typeof siteRow>;

export const sitePage = z.object({ data: z.array(siteRow), ...pageMeta, ...cacheMeta });
export type SitePage = z.infer<typeof sitePage>;
/** The page first: a union takes the first shape that fits, and the whole list fits both. */
export const siteListResponse = z.union([sitePage, siteList]);

/** GET /api/sites/options: the filter menus (servers matching `q`, at most 50; every tag). */
export const siteOptionsQuery = z.strictObject({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  serverId: filterId('serverId').optional(),
});
export const siteOptions = z.object({ servers: z.array(listOption), tags: z.array(listOption) });
export type SiteOptions = z.infer<typeof siteOptions>;
export const siteDetail = z.object({ data: site, ...cacheMeta });

/** HD Snapshot facts of one site plus the whole payload as received. */
export const siteSnapshot = z.object({
  schema_version: z.number().nullable(),
  wordpress_version: z.string().nullable(),
  php_version: z.string().nullable(),
  theme: z.string().nullable(),
  plugin_count: z.number().nullable(),
  /** Set when the plugin speaks a newer schema than we know: the fields are best-effort. */
  warning: z.string().nullable(),
  raw: z.record(z.string(), z.unknown()),
});
export type SiteSnapshot = z.infer<typeof siteSnapshot>;
export const siteSnapshotResponse = z.object({
  data: siteSnapshot.extend({ fetchedAt: z.string() }),
  cached: z.boolean(),
  error: z.string().nullable(),
});
