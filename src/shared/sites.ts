import { z } from 'zod';
import { cacheMeta } from './servers';

/** A hosting-provider site (spec §3) plus the id of our internal website record. */
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
export const siteDetail = z.object({ data: site, ...cacheMeta });

/** HD Snapshot facts of one site (spec §3 "Site snapshot") plus the whole payload as received. */
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
