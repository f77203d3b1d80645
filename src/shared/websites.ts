import { z } from 'zod';
import { listQuery, pageMeta } from './lists';
import { fleetFilters, siteMonitor } from './sites';
import { tag } from './tags';

/** Our own record of a provider site (decisions.md §3). */
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
export const websiteList = z.array(website);

/** PUT /api/websites/{id}/client: the client the website belongs to, or null for none. */
export const websiteClientRequest = z.strictObject({
  clientId: z.number({ error: 'clientId must be a client id or null' }).int().positive().nullable(),
});
export const websiteClient = z.object({
  websiteId: z.number().int(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
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
export const WEBSITE_SORTS = ['name', 'domain', 'status'] as const;
/** GET /api/websites: the whole list, or with paging or the fleet filters one page. */
export const websiteListQuery = listQuery(WEBSITE_SORTS, fleetFilters);
/** A row of a websites page: the website, its server's label and its monitor, joined in SQL. */
export const websiteRow = website.extend({
  serverLabel: z.string().nullable(),
  monitor: siteMonitor.nullable(),
});
export type WebsiteRow = z.infer<typeof websiteRow>;
export const websitePage = z.object({ data: z.array(websiteRow), ...pageMeta });
export type WebsitePage = z.infer<typeof websitePage>;
export const websiteListResponse = z.union([websitePage, websiteList]);
