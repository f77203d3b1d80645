import { z } from 'zod';
import { monitorStatuses } from './monitors';

/**
 * The Uptime page's one list: our own checks beside Better Uptime's monitors, paged on the server
 * (GET /api/uptime), each row saying where it comes from.
 */
export const UPTIME_SOURCES = ['check', 'monitor'] as const;
export const UPTIME_SORTS = ['name', '-name', 'status', '-status', 'lastChecked', '-lastChecked'] as const;

export const uptimeQuery = z.strictObject({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  source: z.enum(UPTIME_SOURCES, { error: 'source must be check or monitor' }).optional(),
  status: z
    .enum(monitorStatuses, { error: `status must be one of: ${monitorStatuses.join(', ')}` })
    .optional(),
  sort: z.enum(UPTIME_SORTS, { error: `sort must be one of: ${UPTIME_SORTS.join(', ')}` }).default('status'),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(200, 'pageSize must be at most 200')
    .default(50),
});
export type UptimeQuery = z.input<typeof uptimeQuery>;

export const uptimeRow = z.object({
  source: z.enum(UPTIME_SOURCES),
  /** The check's id, or the monitor's Better Uptime id. */
  id: z.string(),
  name: z.string(),
  url: z.string(),
  status: z.enum(monitorStatuses),
  /** Our check is in a maintenance window now. */
  inMaintenance: z.boolean(),
  type: z.string(),
  /** 30-day uptime in percent; null until measured. */
  uptime: z.number().nullable(),
  /** Where the measured time of those 30 days begins (later for a newer check or monitor); null: none. */
  measuredFrom: z.string().nullable(),
  /** Last response (our checks) or the day's mean (Better Uptime), ms. */
  responseMs: z.number().nullable(),
  frequencySeconds: z.number().nullable(),
  lastCheckedAt: z.string().nullable(),
  websiteId: z.number().nullable(),
});
export type UptimeRow = z.infer<typeof uptimeRow>;

export const uptimeList = z.object({
  data: z.array(uptimeRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many of each there are at all (the source filter's counts). */
  counts: z.object({ check: z.number().int(), monitor: z.number().int() }),
  /** Better Uptime's side: whether it is set up, and its last sync. */
  betteruptime: z.object({
    configured: z.boolean(),
    syncedAt: z.string().nullable(),
    error: z.string().nullable(),
  }),
});
export type UptimeList = z.infer<typeof uptimeList>;
