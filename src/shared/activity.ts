import { z } from 'zod';

export const activityType = z.enum(['info', 'success', 'warning']);

/** One line of the activity log (spec §3 "Activity item", with real data behind it). */
export const activityItem = z.object({
  id: z.number(),
  type: activityType,
  action: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  actor: z.object({ id: z.number(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const activityQuery = z.strictObject({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
  /** Paging: items older than this id. */
  before: z.coerce.number({ error: 'before must be an id' }).int().positive().optional(),
  /** Only what is about this client or one of its websites (the client page). */
  clientId: z.coerce.number({ error: 'clientId must be a number' }).int().positive().optional(),
});

export const activityPage = z.object({ data: z.array(activityItem), nextBefore: z.number().nullable() });
