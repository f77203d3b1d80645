import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { dispatchAlert } from '../alerts/dispatch';
import type { Db } from '../db/client';
import { type IncidentRow, incidents, websites } from '../db/schema';
import { gridpaneServers } from '../integrations/gridpane-sync';
import type { JobSpec } from '../jobs/engine';
import { readCacheItem } from '../provider-cache/service';
import type { Services } from '../services';
import { describeOpened, describeResolved } from './texts';

/** Sites of one server down together from this many on are one incident: the server's. */
export const SERVER_GROUP_MIN = 3;

/**
 * Announces an incident (its alerts, the bell, the activity log) once its grouping window has passed:
 * alone, or taken into its server's incident when enough sites of that server went down with it.
 * Runs as a job, in one transaction holding the incident's row, so it happens once across instances.
 */
export async function announceOpened(services: Services, incidentId: number): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [incident] = await tx.select().from(incidents).where(eq(incidents.id, incidentId)).for('update');
    if (!incident || incident.openAlertedAt || incident.parentId) return;
    if (incident.serverId && (await groupUnderServer(services, tx, incident))) return;
    const now = services.clock.now();
    await dispatchAlert(services, tx, describeOpened(incident), incident);
    await tx.update(incidents).set({ openAlertedAt: now }).where(eq(incidents.id, incident.id));
    // Over before its announcement: say both, so nobody wonders why it was never resolved.
    if (incident.endedAt) {
      await dispatchAlert(services, tx, describeResolved(incident), incident);
      await tx.update(incidents).set({ closeAlertedAt: now }).where(eq(incidents.id, incident.id));
    }
  });
}

/** Takes the incident (and its fellow sites, still unannounced) into the server's incident, if any. */
async function groupUnderServer(services: Services, tx: Db, incident: IncidentRow): Promise<boolean> {
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
  const now = services.clock.now();
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
    await dispatchAlert(services, tx, describeOpened(server!, await childDomains(tx, server!.id)), server!);
    await tx.update(incidents).set({ openAlertedAt: now }).where(eq(incidents.id, server!.id));
  }
  return true;
}

/**
 * After an incident closed (inside the same transaction): a server's incident closes with its last
 * site and says so; an incident already announced says it is over; one not yet announced will say both.
 */
export async function announceClosed(services: Services, tx: Db, row: IncidentRow, at: Date): Promise<void> {
  if (row.parentId) {
    const [open] = await tx
      .select({ n: count() })
      .from(incidents)
      .where(and(eq(incidents.parentId, row.parentId), isNull(incidents.endedAt)));
    if ((open?.n ?? 0) > 0) return;
    const [server] = await tx
      .update(incidents)
      .set({ endedAt: at })
      .where(and(eq(incidents.id, row.parentId), isNull(incidents.endedAt)))
      .returning();
    if (server?.openAlertedAt) {
      await dispatchAlert(services, tx, describeResolved(server, await childDomains(tx, server.id)), server);
      await tx.update(incidents).set({ closeAlertedAt: at }).where(eq(incidents.id, server.id));
    }
    return;
  }
  if (!row.openAlertedAt) return;
  await dispatchAlert(services, tx, describeResolved(row), row);
  await tx.update(incidents).set({ closeAlertedAt: at }).where(eq(incidents.id, row.id));
}

async function childDomains(tx: Db, parentId: number): Promise<string[]> {
  const rows = await tx
    .select({ domain: sql<string>`coalesce(${websites.domain}, ${incidents.title})` })
    .from(incidents)
    .leftJoin(websites, eq(websites.id, incidents.websiteId))
    .where(eq(incidents.parentId, parentId));
  return rows.map((r) => r.domain).sort();
}

/** The server's name as GridPane gives it, else its id. (Inside the transaction: PGlite has one connection.) */
async function serverLabel(tx: Db, serverId: string): Promise<string> {
  const server = await readCacheItem<{ label?: string; name?: string }>(tx, gridpaneServers, serverId);
  return server?.label || server?.name || serverId;
}

export const incidentOpenedJob = (services: Services): JobSpec<{ incidentId: number }> => ({
  name: 'incident-opened',
  policy: 'standard',
  retryLimit: 5,
  retryDelaySeconds: 5,
  batchSize: 10,
  run: (data) => announceOpened(services, data.incidentId),
});
