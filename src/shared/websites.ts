import { z } from 'zod';
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
