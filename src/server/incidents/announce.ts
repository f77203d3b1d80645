import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { dispatchAlert } from '../alerts';
import { type Context, withTransaction } from '../core/context';
import type { JobSpec } from '../core/jobs/engine';
import type { Db } from '../db/client';
import { type IncidentRow, incidents, websites } from '../db/schema';
import { readCacheItem } from '../provider-cache';
import { gridpaneServers } from '../providers/gridpane/keys';
import type { Services } from '../services';
import { agencyTime } from '../settings';
import { isQuietEnd } from './ends';
import { INCIDENT_OPENED_JOB } from './jobs';
import { describeOpened, describeResolved, type SiteEnd } from './texts';

/** Sites of one server down together from this many on are one incident: the server's. */
export const SERVER_GROUP_MIN = 3;

/**
 * Announces an incident (its alerts, the bell, the activity log) once its grouping window has passed:
 * alone, or taken into its server's incident when enough sites of that server went down with it.
 * Runs as a job, in one transaction holding the incident's row, so it happens once across instances.
 */
export async function announceOpened(services: Services, incidentId: number): Promise<void> {
  await withTransaction(services, async (ctx) => {
    const tx = ctx.db;
    const [incident] = await tx.select().from(incidents).where(eq(incidents.id, incidentId)).for('update');
    if (!incident || incident.openAlertedAt || incident.parentId) return;
    // Ended quietly before anyone was told (paused, deleted, removed, in maintenance): nothing to say.
    if (isQuietEnd(incident.endReason)) return;
    if (incident.serverId && (await groupUnderServer(ctx, incident))) return;
    const now = services.clock.now();
    await dispatchAlert(ctx, describeOpened(incident, [], await agencyTime({ db: tx })), incident);
    await tx.update(incidents).set({ openAlertedAt: now }).where(eq(incidents.id, incident.id));
    // Over before its announcement: say both, so nobody wonders why it was never resolved.
    if (incident.endedAt) {
      await dispatchAlert(ctx, describeResolved(incident, [], await agencyTime({ db: tx })), incident);
      await tx.update(incidents).set({ closeAlertedAt: now }).where(eq(incidents.id, incident.id));
    }
  });
}

/** Takes the incident (and its fellow sites, still unannounced) into the server's incident, if any. */
async function groupUnderServer(ctx: Context, incident: IncidentRow): Promise<boolean> {
  const tx = ctx.db;
  const serverId = incident.serverId!;
  const siblings = await tx
    .select()
    .from(incidents)
    .where(
      and(
        eq(incidents.serverId, serverId),
        inArray(incidents.source, ['check', 'monitor']),
        isNull(incidents.parentId),
        isNull(incidents.endedAt),
        isNull(incidents.openAlertedAt),
      ),
    )
    .for('update');
  let [server] = await tx
    .select()
    .from(incidents)
    .where(and(eq(incidents.source, 'server'), eq(incidents.serverId, serverId), isNull(incidents.endedAt)))
    .for('update');
  if (!server && siblings.length < SERVER_GROUP_MIN) return false;
  const now = ctx.clock.now();
  if (!server) {
    const label = await serverLabel(tx, serverId);
    [server] = await tx
      .insert(incidents)
      .values({
        source: 'server',
        serverId,
        title: `server ${label}: ${siblings.length} sites down`,
        cause: 'Several sites on this server stopped answering at the same time.',
        startedAt: new Date(Math.min(...siblings.map((s) => s.startedAt.getTime()))),
      })
      .returning();
  }
  await tx
    .update(incidents)
    .set({ parentId: server!.id })
    .where(
      inArray(
        incidents.id,
        siblings.map((s) => s.id),
      ),
    );
  if (!server!.openAlertedAt) {
    await dispatchAlert(
      ctx,
      describeOpened(server!, await childDomains(tx, server!.id), await agencyTime({ db: tx })),
      server!,
    );
    await tx.update(incidents).set({ openAlertedAt: now }).where(eq(incidents.id, server!.id));
  }
  return true;
}

/**
 * After an incident ended (inside the same transaction): one already announced says it is over, unless
 * it ended quietly; one not yet announced will say both when its turn comes. A server's says how each
 * of its sites ended.
 */
export async function announceClosed(ctx: Context, row: IncidentRow): Promise<void> {
  if (!row.openAlertedAt || isQuietEnd(row.endReason)) return;
  const tx = ctx.db;
  const sites = row.source === 'server' ? await childEnds(tx, row.id) : [];
  await dispatchAlert(ctx, describeResolved(row, sites, await agencyTime({ db: tx })), row);
  await tx.update(incidents).set({ closeAlertedAt: row.endedAt }).where(eq(incidents.id, row.id));
}

async function childDomains(tx: Db, parentId: number): Promise<string[]> {
  return (await childEnds(tx, parentId)).map((c) => c.domain);
}

/** A server incident's sites, by domain, with how each ended. */
async function childEnds(tx: Db, parentId: number): Promise<SiteEnd[]> {
  const rows = await tx
    .select({
      domain: sql<string>`coalesce(${websites.domain}, ${incidents.title})`,
      source: incidents.source,
      reason: incidents.endReason,
    })
    .from(incidents)
    .leftJoin(websites, eq(websites.id, incidents.websiteId))
    .where(eq(incidents.parentId, parentId));
  return rows
    .map((r) => ({ domain: r.domain, source: r.source, reason: r.reason as SiteEnd['reason'] }))
    .sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
}

/** The server's name as GridPane gives it, else its id. (Inside the transaction: PGlite has one connection.) */
async function serverLabel(tx: Db, serverId: string): Promise<string> {
  const server = await readCacheItem<{ label?: string; name?: string }>(
    { db: tx },
    gridpaneServers,
    serverId,
  );
  return server?.label || server?.name || serverId;
}

export const incidentOpenedJob = (services: Services): JobSpec<{ incidentId: number }> => ({
  name: INCIDENT_OPENED_JOB.name,
  policy: 'standard',
  retryLimit: 5,
  retryDelaySeconds: 5,
  batchSize: 10,
  run: (data) => announceOpened(services, data.incidentId),
});
