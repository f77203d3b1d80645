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
  tags: z.array(tag),
});
export type Website = z.infer<typeof website>;
export const websiteList = z.array(website);

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
