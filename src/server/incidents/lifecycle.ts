import { and, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../core/context';
import { inCache, rowsOf } from '../core/sql';
import { type IncidentFailure, type IncidentRow, incidents } from '../db/schema';
import { monitorsKey } from '../providers/betteruptime/keys';
import type { Services } from '../services';
import { announceClosed } from './announce';
import { endNote, type IncidentEndReason } from './ends';
import { INCIDENT_OPENED_JOB } from './jobs';

export type { IncidentEndReason } from './ends';

export type OpenIncident = {
  source: 'check' | 'monitor';
  checkId?: number;
  monitorId?: string;
  websiteId: number | null;
  serverId: string | null;
  title: string;
  cause: string | null;
  failures: IncidentFailure[];
  at: Date;
};

/** The check or monitor an incident is about: each has at most one open. */
export type IncidentKey = { checkId: number } | { monitorId: string };

/**
 * Opens an incident inside the caller's transaction, unless one is open already for the same check or
 * monitor (a unique index makes that hold across instances), and queues its announcement a little
 * later: sites of one server going down together are announced once, as the server's incident.
 */
export async function openIncident(ctx: Services, open: OpenIncident): Promise<IncidentRow | null> {
  const tx = ctx.db;
  const [row] = await tx
    .insert(incidents)
    .values({
      source: open.source,
      checkId: open.checkId ?? null,
      monitorId: open.monitorId ?? null,
      websiteId: open.websiteId,
      serverId: open.serverId,
      title: open.title,
      cause: open.cause,
      failures: open.failures,
      startedAt: open.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  const wait = ctx.config.checks.groupWindowMs;
  await ctx.jobs.send(INCIDENT_OPENED_JOB, { incidentId: row.id }, { tx, delayMs: wait });
  return row;
}

/**
 * Ends the open incident of a check or monitor, if any, inside the caller's transaction, for a reason:
 * "up" says it is back up; the other ends are quiet and noted in its cause. A server's incident ends
 * with its last open site, however that one ended.
 */
export async function closeIncident(
  ctx: Context,
  key: IncidentKey,
  at: Date,
  reason: IncidentEndReason,
): Promise<IncidentRow | null> {
  const tx = ctx.db;
  const which =
    'checkId' in key
      ? and(eq(incidents.source, 'check'), eq(incidents.checkId, key.checkId))
      : and(eq(incidents.source, 'monitor'), eq(incidents.monitorId, key.monitorId));
  const note = reason === 'up' ? null : endNote('checkId' in key ? 'check' : 'monitor', reason);
  const [row] = await tx
    .update(incidents)
    .set(ended(at, reason, note))
    .where(and(which, isNull(incidents.endedAt)))
    .returning();
  if (!row) return null;
  if (row.parentId) await endServerWith(ctx, row, at);
  else await announceClosed(ctx, row);
  return row;
}

/**
 * A server's incident ends when its last open site does: "up" (and said so) when any of its sites
 * answered again, else quietly, for the reason its last site ended. Its row is held first, so two sites
 * ending at once on two instances see each other's end.
 */
async function endServerWith(ctx: Context, site: IncidentRow, at: Date): Promise<void> {
  const tx = ctx.db;
  const parentId = site.parentId!;
  const [server] = await tx
    .select({ id: incidents.id })
    .from(incidents)
    .where(and(eq(incidents.id, parentId), isNull(incidents.endedAt)))
    .for('update');
  if (!server) return;
  const [sites] = await tx
    .select({
      open: count(sql`case when ${incidents.endedAt} is null then 1 end`),
      up: count(sql`case when ${incidents.endReason} = 'up' then 1 end`),
    })
    .from(incidents)
    .where(eq(incidents.parentId, parentId));
  if ((sites?.open ?? 0) > 0) return;
  const reason = (sites?.up ?? 0) > 0 ? 'up' : (site.endReason as IncidentEndReason);
  const note = reason === 'up' ? null : `last site: ${endNote(site.source, reason)}`;
  const [row] = await tx
    .update(incidents)
    .set(ended(at, reason, note))
    .where(eq(incidents.id, parentId))
    .returning();
  await announceClosed(ctx, row!);
}

const ended = (at: Date, reason: IncidentEndReason, note: string | null) => ({
  endedAt: at,
  endReason: reason,
  ...(note ? { cause: sql`coalesce(${incidents.cause} || ' ', '') || ${`(${note})`}` as SQL<string> } : {}),
});

/** The monitors that have an open incident (the monitor sync holds them against Better Uptime's list). */
export async function monitorsWithOpenIncident(ctx: Pick<Context, 'db'>): Promise<Set<string>> {
  const { db } = ctx;
  const rows = await db
    .select({ monitorId: incidents.monitorId })
    .from(incidents)
    .where(and(eq(incidents.source, 'monitor'), isNull(incidents.endedAt)));
  return new Set(rows.map((r) => r.monitorId!));
}

/** The open incidents of monitors that name a website (of these websites, when given). */
export async function openMonitorIncidentsOf(
  ctx: Pick<Context, 'db'>,
  websiteIds?: readonly number[],
): Promise<{ monitorId: string; websiteId: number }[]> {
  if (websiteIds && websiteIds.length === 0) return [];
  const rows = await ctx.db
    .select({ monitorId: incidents.monitorId, websiteId: incidents.websiteId })
    .from(incidents)
    .where(
      and(
        eq(incidents.source, 'monitor'),
        isNull(incidents.endedAt),
        websiteIds ? inArray(incidents.websiteId, [...websiteIds]) : isNotNull(incidents.websiteId),
      ),
    );
  return rows.map((r) => ({ monitorId: r.monitorId!, websiteId: r.websiteId! }));
}

/**
 * Gives the open incidents of Better Uptime monitors that have no website yet the website of their
 * monitor's domain (and its server), by the same domain rule the read model follows: a monitor found
 * down before its website existed (a first Better Uptime sync ahead of the host's) is placed as soon as
 * the host's sync creates the website, so the website's page lists the incident its health already
 * shows. Answers how many it placed.
 */
export async function placeMonitorIncidentsOnWebsites(ctx: Pick<Context, 'db'>): Promise<number> {
  const placed = await ctx.db.execute(sql`update incidents i set website_id = w.id, server_id = w.server_id
    from provider_records m join websites w on w.domain = m.domain
    where i.source = 'monitor' and i.ended_at is null and i.website_id is null
      and ${inCache('m', monitorsKey)} and m.external_id = i.monitor_id
    returning i.id`);
  return rowsOf(placed).length;
}

/**
 * Gives open monitor incidents opened before their website was known (Better Uptime read before the
 * host) the website and server they are about, so the website's page and its server's roll-up see them.
 * An incident that already names a website keeps it.
 */
export async function placeOpenMonitorIncidents(
  ctx: Pick<Context, 'db'>,
  places: readonly { monitorId: string; websiteId: number; serverId: string | null }[],
): Promise<void> {
  for (const p of places) {
    await ctx.db
      .update(incidents)
      .set({ websiteId: p.websiteId, serverId: p.serverId })
      .where(
        and(
          eq(incidents.source, 'monitor'),
          eq(incidents.monitorId, p.monitorId),
          isNull(incidents.endedAt),
          isNull(incidents.websiteId),
        ),
      );
  }
}
