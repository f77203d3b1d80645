import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type IncidentFailure, type IncidentRow, incidents } from '../db/schema';
import type { Services } from '../services';
import { announceClosed } from './announce';

export const INCIDENT_OPENED_JOB = 'incident-opened';

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

/**
 * Opens an incident inside the caller's transaction, unless one is open already for the same check or
 * monitor (a unique index makes that hold across instances), and queues its announcement a little
 * later: sites of one server going down together are announced once, as the server's incident.
 */
export async function openIncident(
  services: Services,
  tx: Db,
  open: OpenIncident,
): Promise<IncidentRow | null> {
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
  const wait = services.config.checks.groupWindowMs;
  await services.jobs.send(
    INCIDENT_OPENED_JOB,
    { incidentId: row.id },
    // Real time, not the app's clock: it is when the job engine may run it.
    { tx, ...(wait > 0 ? { startAfter: new Date(Date.now() + wait) } : {}) },
  );
  return row;
}

/** Closes the open incident of a check or monitor (the first success after it), inside the transaction. */
export async function closeIncident(
  services: Services,
  tx: Db,
  key: { checkId: number } | { monitorId: string },
  at: Date,
): Promise<IncidentRow | null> {
  const which =
    'checkId' in key
      ? and(eq(incidents.source, 'check'), eq(incidents.checkId, key.checkId))
      : and(eq(incidents.source, 'monitor'), eq(incidents.monitorId, key.monitorId));
  const [row] = await tx
    .update(incidents)
    .set({ endedAt: at })
    .where(and(which, isNull(incidents.endedAt)))
    .returning();
  if (row) await announceClosed(services, tx, row, at);
  return row ?? null;
}
