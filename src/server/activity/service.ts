import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { ActivityItem } from '../../shared/activity';
import type { Db } from '../db/client';
import { activity, users, websites } from '../db/schema';

/** Who did something: the signed-in user, or nobody for detected events and the shell. */
export type Actor = { id: number; username: string } | undefined;

export type ActivityEvent = {
  type: ActivityItem['type'];
  action: string;
  message: string;
  link?: string | null;
  /** What it is about: a client's page lists what happened to the client and to its websites. */
  clientId?: number | null;
  websiteId?: number | null;
};

/** Appends to the activity log. Never fails the work it describes: a lost log line is logged, not thrown. */
export async function recordActivity(
  db: Db,
  actor: Actor,
  event: ActivityEvent,
  at = new Date(),
): Promise<void> {
  try {
    await db.insert(activity).values({
      type: event.type,
      action: event.action,
      message: actor ? `${actor.username} ${event.message}` : capitalise(event.message),
      link: event.link ?? null,
      clientId: event.clientId ?? null,
      websiteId: event.websiteId ?? null,
      actorId: actor?.id ?? null,
      createdAt: at,
    });
  } catch (err) {
    console.error('Could not record activity:', (err as Error).message);
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export async function listActivity(db: Db, opts: { limit: number; before?: number; clientId?: number }) {
  const about = opts.clientId
    ? or(
        eq(activity.clientId, opts.clientId),
        inArray(
          activity.websiteId,
          db.select({ id: websites.id }).from(websites).where(eq(websites.clientId, opts.clientId)),
        ),
      )
    : undefined;
  const rows = await db
    .select({
      id: activity.id,
      type: activity.type,
      action: activity.action,
      message: activity.message,
      link: activity.link,
      actorId: users.id,
      actorName: users.username,
      createdAt: activity.createdAt,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .where(and(opts.before ? lt(activity.id, opts.before) : undefined, about))
    .orderBy(desc(activity.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const data: ActivityItem[] = page.map((r) => ({
    id: r.id,
    type: r.type as ActivityItem['type'],
    action: r.action,
    message: r.message,
    link: r.link,
    actor: r.actorId !== null && r.actorName !== null ? { id: r.actorId, username: r.actorName } : null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { data, nextBefore: rows.length > opts.limit ? (page.at(-1)?.id ?? null) : null };
}
