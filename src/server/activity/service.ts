import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { ActivityItem } from '../../shared/activity';
import type { Actor, Context } from '../core/context';
import { clientInScope, isScoped, websiteInScope } from '../core/scope';
import { activity, users, websites } from '../db/schema';

export type { Actor };

export type ActivityEvent = {
  type: ActivityItem['type'];
  action: string;
  message: string;
  link?: string | null;
  /** What it is about: a client's page lists what happened to the client and to its websites. */
  clientId?: number | null;
  websiteId?: number | null;
  /** One thing that says it again and again (a check, a monitor, a server), and whether this is a down. */
  topic?: string;
  down?: boolean;
  /**
   * The message is a whole sentence that starts with what it is about, as people wrote its name (an
   * alert's title: "blueridge is down", "shop.example.com is back up"): kept exactly, never capitalised.
   */
  verbatim?: boolean;
};

/** Entries about one topic within this long of each other are one entry (a flapping site). */
const REPEAT_WINDOW_MS = 3_600_000;

/**
 * A message without an actor reads as a sentence ("Added team member bob"), except one that starts with
 * a name people type in lower case, such as a domain ("blueridge.com is down" stays as it is).
 */
const sentence = (message: string) =>
  /^[a-z][^\s.]*(\s|$)/.test(message) ? message.charAt(0).toUpperCase() + message.slice(1) : message;

/**
 * Appends to the activity log, by the context's actor and at the context's time, in the context's
 * transaction: the change and its entry commit together.
 */
export async function recordActivity(
  ctx: Pick<Context, 'db' | 'clock' | 'actor'>,
  event: ActivityEvent,
): Promise<void> {
  const actor = ctx.actor;
  const now = ctx.clock.now();
  // A topic that goes down again within the hour: its entries of that hour become this one.
  const earlier = event.topic
    ? await ctx.db
        .select({ id: activity.id, downs: activity.downs, firstAt: activity.firstAt })
        .from(activity)
        .where(
          and(
            eq(activity.topic, event.topic),
            gt(activity.createdAt, new Date(now.getTime() - REPEAT_WINDOW_MS)),
          ),
        )
    : [];
  const downs = earlier.reduce((n, e) => n + e.downs, 0) + (event.down ? 1 : 0);
  const collapse = downs >= 2;
  if (collapse)
    await ctx.db.delete(activity).where(
      inArray(
        activity.id,
        earlier.map((e) => e.id),
      ),
    );
  const firstAt = collapse
    ? earlier.reduce<Date>((min, e) => (e.firstAt && e.firstAt < min ? e.firstAt : min), now)
    : now;
  await ctx.db.insert(activity).values({
    type: event.type,
    action: event.action,
    message: event.verbatim
      ? event.message
      : actor
        ? `${actor.username} ${event.message}`
        : sentence(event.message),
    link: event.link ?? null,
    clientId: event.clientId ?? null,
    websiteId: event.websiteId ?? null,
    actorId: actor?.id ?? null,
    createdAt: now,
    topic: event.topic ?? null,
    downs: collapse ? downs : event.down ? 1 : 0,
    firstAt,
  });
}

export async function listActivity(
  ctx: Pick<Context, 'db' | 'actor'>,
  opts: { limit: number; before?: number; clientId?: number; websiteId?: number },
) {
  const { db } = ctx;
  // A person limited to chosen clients reads what happened to those clients and their websites.
  const mine = isScoped(ctx)
    ? sql`(${clientInScope(ctx, sql`${activity.clientId}`)} or ${websiteInScope(ctx, sql`${activity.websiteId}`)})`
    : undefined;
  const aboutClient = opts.clientId
    ? or(
        eq(activity.clientId, opts.clientId),
        inArray(
          activity.websiteId,
          db.select({ id: websites.id }).from(websites).where(eq(websites.clientId, opts.clientId)),
        ),
      )
    : undefined;
  const about = and(aboutClient, opts.websiteId ? eq(activity.websiteId, opts.websiteId) : undefined);
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
      downs: activity.downs,
      firstAt: activity.firstAt,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .where(and(opts.before ? lt(activity.id, opts.before) : undefined, about, mine))
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
    downs: r.downs,
    since: r.firstAt && r.firstAt.getTime() !== r.createdAt.getTime() ? r.firstAt.toISOString() : null,
  }));
  return { data, nextBefore: rows.length > opts.limit ? (page.at(-1)?.id ?? null) : null };
}
