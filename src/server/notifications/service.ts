import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Notification } from '../../shared/notifications';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';

export type NewNotification = Pick<Notification, 'type' | 'title' | 'message' | 'link'>;

/** Tells every member of the team (one row each, so each has their own read state). */
export async function notifyTeam(db: Db, n: NewNotification, at = new Date()): Promise<void> {
  const team = await db.select({ id: users.id }).from(users);
  if (team.length === 0) return;
  await db.insert(notifications).values(team.map((u) => ({ ...n, userId: u.id, createdAt: at })));
}

async function unread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function listNotifications(db: Db, userId: number, limit = 50) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit);
  const data: Notification[] = rows.map((r) => ({
    id: r.id,
    type: r.type as Notification['type'],
    title: r.title,
    message: r.message,
    link: r.link,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { data, unreadCount: await unread(db, userId) };
}

/** Marks some (or all) of the user's notifications read; other users' ids are ignored. */
export async function markRead(
  db: Db,
  userId: number,
  which: { ids: number[] } | { all: true },
  at = new Date(),
) {
  const scope = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const updated = await db
    .update(notifications)
    .set({ readAt: at })
    .where('ids' in which ? and(scope, inArray(notifications.id, which.ids)) : scope)
    .returning({ id: notifications.id });
  return { updated: updated.length, unreadCount: await unread(db, userId) };
}
