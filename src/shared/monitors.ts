import { z } from 'zod';
import { filterEnum, listQuery, pageMeta } from './lists';
import { cacheMeta, refreshQuery } from './servers';

export const monitorStatuses = [
  'up',
  'down',
  'paused',
  'pending',
  'validating',
  'maintenance',
  'unknown',
] as const;
export type MonitorStatus = (typeof monitorStatuses)[number];

/** A Better Uptime monitor in the provider's shape (`id`, `attributes`), plus the figures we add. */
export const monitor = z.object({
  id: z.string(),
  attributes: z.object({
    url: z.string(),
    pronounceable_name: z.string(),
    monitor_type: z.string(),
    status: z.enum(monitorStatuses),
    /** 30-day availability in percent (from the provider's SLA endpoint), null until measured. */
    uptime: z.number().nullable(),
    check_frequency: z.number().nullable(),
    last_checked_at: z.string().nullable(),
    paused_at: z.string().nullable(),
  }),
  cachedUptime: z.number().nullable(),
  /** Mean response time over the last day, in milliseconds. */
  cachedAvgResponse: z.number().nullable(),
  /** When the two figures above were last fetched. */
  figuresAt: z.string().nullable(),
  /** Our website whose domain the monitor checks, if any. */
  websiteId: z.number().nullable(),
});
export type Monitor = z.infer<typeof monitor>;

export const monitorList = z.object({ data: z.array(monitor), ...cacheMeta });

export const MONITOR_SORTS = ['name', 'status'] as const;
export const MONITOR_FILTER_KEYS = ['status'];
/** GET /api/monitors: the whole list, or with paging, `q` or `status` one page. */
export const monitorListQuery = listQuery(MONITOR_SORTS, {
  ...refreshQuery.shape,
  status: filterEnum('status', monitorStatuses).optional(),
});
export const monitorPage = z.object({ data: z.array(monitor), ...pageMeta, ...cacheMeta });
export type MonitorPage = z.infer<typeof monitorPage>;
export const monitorListResponse = z.union([monitorPage, monitorList]);

/**
 * What the websites' lists show of a Better Uptime monitor's status: up, down and paused as they are,
 * anything else (pending, validating, maintenance, unknown) "other".
 */
export const SITE_MONITOR_STATUSES = ['up', 'down', 'paused', 'other'] as const;
export type SiteMonitorStatus = (typeof SITE_MONITOR_STATUSES)[number];
export const siteMonitorStatus = (status: unknown): SiteMonitorStatus =>
  status === 'up' || status === 'down' || status === 'paused' ? status : 'other';

export const monitorDataEntry = z.object({
  status: z.enum(SITE_MONITOR_STATUSES),
  /** 30-day uptime as a numeric string ("99.95"); null until it has been measured. */
  uptime: z.string().nullable(),
});
/** GET /api/websites/monitor-data: keyed by normalised domain. */
export const monitorData = z.record(z.string(), monitorDataEntry);

export const updateResponseTimesResponse = z.object({ message: z.string(), started: z.boolean() });

const spanFigure = z.number().nullable();
const spanFrom = z.string().nullable();

/**
 * GET /api/websites/{id}/monitor: what the Better Uptime monitor watching a website measured lately.
 * Better Uptime counts whole UTC days: each span runs from the start of its first day (`days`) to now,
 * and `measuredFrom` is when the measured time inside it begins (the monitor's creation when later).
 */
export const monitorRecent = z.object({
  monitorId: z.string(),
  uptime: z.object({ day: spanFigure, week: spanFigure, month: spanFigure }),
  measuredFrom: z.object({ day: spanFrom, week: spanFrom, month: spanFrom }),
  days: z.object({ day: z.string(), week: z.string(), month: z.string() }),
  /** The last day's response times by region, in milliseconds. */
  responseTimes: z.array(
    z.object({ region: z.string(), points: z.array(z.object({ at: z.string(), ms: z.number() })) }),
  ),
  averageMs: z.number().nullable(),
  /** When Better Uptime was asked. */
  readAt: z.string(),
});
export type MonitorRecent = z.infer<typeof monitorRecent>;
