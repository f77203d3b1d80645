import { z } from 'zod';
import { health } from './website-health';

export const searchItemType = z.enum(['website', 'server', 'page', 'action', 'client', 'monitor', 'task']);
export type SearchItemType = z.infer<typeof searchItemType>;

/** One entry of the global search, backed by real records (or one of the app's pages). */
export const searchItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: searchItemType,
  link: z.string(),
  /** A website hit's health (the one every page shows); null for other kinds. */
  health: health.nullable().optional(),
});
export type SearchItem = z.infer<typeof searchItem>;

export const searchQuery = z.strictObject({
  q: z.string().trim().max(200, 'Search at most 200 characters').default(''),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(50).default(20),
});
export const searchResponse = z.object({ data: z.array(searchItem) });
