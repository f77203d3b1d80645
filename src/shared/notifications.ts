import { z } from 'zod';

export const notification = z.object({
  id: z.number(),
  type: z.enum(['info', 'success', 'warning']),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  /**
   * Repeated news about one thing within an hour is one entry: how many times it went down, and since
   * when (null when this entry stands alone). "Flapping: down 4 times since 22:05".
   */
  downs: z.number().int(),
  since: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({ data: z.array(notification), unreadCount: z.number() });

/** Marks the given notifications read, or every one with `all: true`. */
export const markReadRequest = z.union(
  [
    z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(500) }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: 'Send {"ids": [1, 2]} or {"all": true}' },
);
export const markReadResponse = z.object({ updated: z.number(), unreadCount: z.number() });
