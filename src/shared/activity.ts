import { z } from 'zod';

export const activityType = z.enum(['info', 'success', 'warning']);

/** One line of the activity log: a staff action or a detected event, from real data. */
export const activityItem = z.object({
  id: z.number(),
  type: activityType,
  action: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  actor: z.object({ id: z.number(), username: z.string() }).nullable(),
  createdAt: z.string(),
  /** Repeated events about one thing within an hour are one entry: how many downs, since when (or null). */
  downs: z.number().int(),
  since: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const activityQuery = z.strictObject({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
  /** Paging: items older than this id. */
  before: z.coerce.number({ error: 'before must be an id' }).int().positive().optional(),
  /** Only what is about this client or one of its websites (the client page). */
  clientId: z.coerce.number({ error: 'clientId must be a number' }).int().positive().optional(),
  /** Only what is about this website (the website page). */
  websiteId: z.coerce.number({ error: 'websiteId must be a number' }).int().positive().optional(),
});

export const activityPage = z.object({ data: z.array(activityItem), nextBefore: z.number().nullable() });
