import { z } from 'zod';
import { listQuery, pageMeta } from './lists';

/** A GridPane server as our API gives it, with the derived fields filled in. */
export const server = z.object({
  id: z.number(),
  label: z.string(),
  name: z.string(),
  ip: z.string().nullable(),
  ip_address: z.string().nullable(),
  status: z.string(),
  php_versions: z.array(z.string()),
  sites_count: z.number(),
  memory: z.string().nullable(),
  region: z.string().nullable(),
  region_label: z.string().nullable(),
  os_version: z.string().nullable(),
  provider: z.object({ name: z.string(), full_name: z.string() }).nullable(),
  cpu: z.number().nullable(),
  ram: z.number().nullable(),
  database: z.string().nullable(),
  webserver: z.string().nullable(),
  subdomain: z.string().nullable(),
  sites: z.array(z.object({ id: z.number(), url: z.string() })),
  system_users: z.array(z.object({ id: z.number(), username: z.string() })),
  ssh_keys: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type Server = z.infer<typeof server>;

/** A sync under way: items read so far, of how many the provider said there are (null: not said). */
export const syncProgress = z.object({ done: z.number().int(), total: z.number().int().nullable() });
export type SyncProgress = z.infer<typeof syncProgress>;

/** Lists served from the provider cache: `cached` when no fresh fetch happened in this request. */
export const cacheMeta = {
  cached: z.boolean(),
  syncedAt: z.string().nullable(),
  /** A later page failed: the list may be incomplete. */
  partial: z.boolean(),
  /** The last sync's failure, shown beside the data it did not replace. */
  error: z.string().nullable(),
  /** A sync is still running in the background (the provider was slow or asked us to wait). */
  refreshing: z.boolean(),
  /** How far that sync has read, when it says (null otherwise). */
  progress: syncProgress.nullable(),
};

export const serverList = z.object({ data: z.array(server), ...cacheMeta });
export const serverDetail = z.object({ data: server, ...cacheMeta });
export const refreshQuery = z.strictObject({
  refresh: z.enum(['true', 'false'], { error: 'refresh must be true or false' }).optional(),
});

export const SERVER_SORTS = ['label', 'status', 'sites'] as const;
export const SERVER_FILTER_KEYS = ['status'];
/** GET /api/servers: the whole list, or with paging, `q` or `status` one page. */
export const serverListQuery = listQuery(SERVER_SORTS, {
  ...refreshQuery.shape,
  status: z.string().trim().min(1, 'status must not be empty').max(50, 'status is too long').optional(),
});
export type ServerListQuery = z.input<typeof serverListQuery>;
export const serverPage = z.object({
  data: z.array(server),
  ...pageMeta,
  /** Servers per status (for the status filter), before any filter. */
  statuses: z.array(z.object({ id: z.string(), label: z.string(), count: z.number().int() })),
  ...cacheMeta,
});
export type ServerPage = z.infer<typeof serverPage>;
export const serverListResponse = z.union([serverPage, serverList]);
