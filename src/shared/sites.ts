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
