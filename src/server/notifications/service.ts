import { and, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { SCOPABLE_ROLES } from '../../shared/auth';
import type { Notification } from '../../shared/notifications';
import type { Context } from '../core/context';
import { clientAllowed, isScoped, type ScopeContext, websiteInScope } from '../core/scope';
import type { Db } from '../db/client';
import { notifications, users, websites } from '../db/schema';

export type NewNotification = Pick<Notification, 'type' | 'title' | 'message' | 'link'>;

/** Entries about one topic within this long of each other are one entry (a flapping site). */
export const REPEAT_WINDOW_MS = 3_600_000;

/**
 * Tells every member of the team (one row each, so each has their own read state). With a topic (a
 * check, a monitor, a server) that goes down again within the hour, its entries of that hour become
 * one, back on top and unread, counting the downs since the first: a flapping site is one line. A
 * person limited to chosen clients is told only of their clients' websites (`websiteIds`: what the
 * news is about; none: the agency's own news, such as a provider failing, which is not theirs). The
 * entry keeps those websites: reading it asks the same of the person's limit as it stands then.
 */
export async function notifyTeam(
  ctx: Pick<Context, 'db'>,
  n: NewNotification & { topic?: string; down?: boolean; websiteIds?: number[] },
  at: Date,
): Promise<void> {
  const { db } = ctx;
  const { topic, down, websiteIds, ...entry } = n;
  const team = await recipients(db, websiteIds ?? []);
  if (team.length === 0) return;
  const earlier = topic
    ? await db
        .select({
          id: notifications.id,
          userId: notifications.userId,
          downs: notifications.downs,
          firstAt: notifications.firstAt,
        })
        .from(notifications)
        .where(
          and(
            eq(notifications.topic, topic),
            gt(notifications.createdAt, new Date(at.getTime() - REPEAT_WINDOW_MS)),
          ),
        )
    : [];
  const merged = new Map<number, { downs: number; firstAt: Date }>();
  for (const e of earlier) {
    const m = merged.get(e.userId) ?? { downs: 0, firstAt: e.firstAt ?? at };
    merged.set(e.userId, {
      downs: m.downs + e.downs,
      firstAt: e.firstAt && e.firstAt < m.firstAt ? e.firstAt : m.firstAt,
    });
  }
  const downs = (userId: number) => (merged.get(userId)?.downs ?? 0) + (down ? 1 : 0);
  const collapse = team.some((u) => downs(u.id) >= 2);
  if (collapse)
    await db.delete(notifications).where(
      inArray(
        notifications.id,
        earlier.map((e) => e.id),
      ),
    );
  await db.insert(notifications).values(
    team.map((u) => ({
      ...entry,
      userId: u.id,
      createdAt: at,
      topic: topic ?? null,
      downs: collapse ? downs(u.id) : down ? 1 : 0,
      firstAt: collapse ? (merged.get(u.id)?.firstAt ?? at) : at,
      websiteIds: websiteIds ?? [],
    })),
  );
}

/**
 * Who hears of news about these websites: everyone not limited, and those limited to one of their
 * clients (each person's limit as their requests see it: it holds only for the roles that can have one).
 */
async function recipients(db: Db, websiteIds: number[]): Promise<{ id: number }[]> {
  const team = await db.select({ id: users.id, role: users.role, clientIds: users.clientIds }).from(users);
  const scopeOf = (p: (typeof team)[number]): ScopeContext => ({
    actor: { id: p.id, username: '', clientIds: SCOPABLE_ROLES.includes(p.role) ? p.clientIds : null },
  });
  if (!team.some((p) => isScoped(scopeOf(p)))) return team;
  const owners = websiteIds.length
    ? (
        await db
          .selectDistinct({ clientId: websites.clientId })
          .from(websites)
          .where(inArray(websites.id, websiteIds))
      ).flatMap((w) => (w.clientId === null ? [] : [w.clientId]))
    : [];
  return team.filter((p) => !isScoped(scopeOf(p)) || owners.some((c) => clientAllowed(scopeOf(p), c)));
}

/**
 * SQL: the entries the person may read. A person limited to chosen clients reads only those about a
 * website of one of their clients, as their limit stands now: news that came before the limit, about
 * other clients' websites or the agency's own, is not theirs any more (listed, counted or marked).
 */
function readable(ctx: ScopeContext): SQL | undefined {
  if (!isScoped(ctx)) return undefined;
  return sql`exists (select 1 from unnest(${notifications.websiteIds}) as about(id)
    where ${websiteInScope(ctx, sql`about.id`)})`;
}

async function unread(ctx: Pick<Context, 'db' | 'actor'>, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), readable(ctx)));
  return row?.n ?? 0;
}

export async function listNotifications(ctx: Pick<Context, 'db' | 'actor'>, userId: number, limit = 50) {
  const { db } = ctx;
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), readable(ctx)))
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
    downs: r.downs,
    since: r.firstAt && r.firstAt.getTime() !== r.createdAt.getTime() ? r.firstAt.toISOString() : null,
  }));
  return { data, unreadCount: await unread(ctx, userId) };
}

/**
 * Marks some (or all) of the user's notifications read; other users' ids, and entries the user may not
 * read, are ignored (left as they are, and not counted).
 */
export async function markRead(
  ctx: Pick<Context, 'db' | 'actor'>,
  userId: number,
  which: { ids: number[] } | { all: true },
  at: Date,
) {
  const { db } = ctx;
  const scope = and(eq(notifications.userId, userId), isNull(notifications.readAt), readable(ctx));
  const updated = await db
    .update(notifications)
    .set({ readAt: at })
    .where('ids' in which ? and(scope, inArray(notifications.id, which.ids)) : scope)
    .returning({ id: notifications.id });
  return { updated: updated.length, unreadCount: await unread(ctx, userId) };
}
