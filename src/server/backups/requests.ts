import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type BackupNowBody,
  type BackupRequest,
  type BackupRequestStatus,
  DEFAULT_BACKUP_TAG,
  DEFAULT_RESTORE_TAG,
  type RestoreBody,
  updateBackupTag,
} from '../../shared/backups';
import { type IntegrationProvider, providerNames } from '../../shared/integrations';
import { badRequest, conflict, notFound } from '../core/errors';
import { json, rows } from '../core/sql';
import type { Db } from '../db/client';
import { backupRequests, websiteBackups } from '../db/schema';
import { restoresAllowed } from '../integrations';
import type { Services } from '../services';
import { readWebsite } from '../websites';
import { BACKUP_NOW_JOB, RESTORE_JOB } from './jobs';

const NOT_FOUND = 'Backup request not found';

/** Which hosts take a backup where: GridPane on the server or off-site; Kinsta keeps its own. */
function locationFor(host: string, asked: BackupNowBody['location']): 'local' | 'remote' | null {
  if (host === 'kinsta') {
    if (asked)
      throw badRequest('Kinsta keeps its backups itself: leave the location out', {
        location: ['Kinsta keeps its backups itself: leave the location out'],
      });
    return null;
  }
  return asked ?? 'local';
}

/** One backup or restore of a website at a time: a second while one is under way is a 409. */
async function refuseWhenBusy(ctx: Services, website: { id: number; domain: string }) {
  const busy = await ctx.db
    .select({ action: backupRequests.action })
    .from(backupRequests)
    .where(
      and(eq(backupRequests.websiteId, website.id), inArray(backupRequests.status, ['queued', 'running'])),
    );
  if (busy.length)
    throw conflict(
      `A ${busy[0]!.action === 'restore' ? 'restore' : 'backup'} of ${website.domain} is already under way`,
      undefined,
      'backup_under_way',
    );
}

/**
 * A person asks for a backup of one website now: recorded, then taken by a job (which follows the
 * host until it is done). One at a time per website: a second while one is under way is a 409.
 */
export async function requestBackup(
  ctx: Services,
  websiteId: number,
  body: BackupNowBody,
  reason: 'requested' | 'before-restore' = 'requested',
): Promise<{ id: number; status: BackupRequestStatus }> {
  const website = await readWebsite(ctx, websiteId);
  if (website.removed) throw conflict(`${website.domain} is no longer at its host: it cannot be backed up`);
  const location = locationFor(website.integrationProvider, body.location);
  await refuseWhenBusy(ctx, website);
  const [created] = await ctx.db
    .insert(backupRequests)
    .values({
      websiteId,
      host: website.integrationProvider,
      location,
      tag: body.tag ?? DEFAULT_BACKUP_TAG,
      reason,
      status: 'queued',
      requestedBy: ctx.actor?.id ?? null,
      requestedAt: ctx.clock.now(),
    })
    .returning({ id: backupRequests.id });
  await ctx.jobs.send(BACKUP_NOW_JOB, { requestId: created!.id });
  return { id: created!.id, status: 'queued' };
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

const requestRows = (ctx: Services, where: ReturnType<typeof sql>) =>
  rows<Record<string, unknown>>(
    ctx.db,
    sql`select r.*, u.username from backup_requests r left join users u on u.id = r.requested_by
      where ${where} order by r.requested_at desc, r.id desc limit 1`,
  );

/** One backup request with its website and who asked (404 outside the person's clients). */
export async function readBackupRequest(ctx: Services, id: number): Promise<BackupRequest> {
  const [row] = await requestRows(ctx, sql`r.id = ${id}`);
  if (!row) throw notFound(NOT_FOUND);
  // The website decides who may see it: another client's is a 404 too.
  const website = await readWebsite(ctx, Number(row.website_id)).catch(() => {
    throw notFound(NOT_FOUND);
  });
  return requestOf(row, website);
}

/**
 * A website's latest backup request as one JSON column of a larger statement (`websiteId`: the
 * statement's website); read it with latestRequestOf once the caller may see the website.
 */
export const latestRequestColumn = (websiteId: SQL) =>
  sql`(select row_to_json(x) from (select r.*, u.username from backup_requests r
    left join users u on u.id = r.requested_by
    where r.website_id = ${websiteId} order by r.requested_at desc, r.id desc limit 1) x)`;

/** The latest request read through latestRequestColumn (null: none asked for yet). */
export const latestRequestOf = (
  column: unknown,
  website: { id: number; domain: string },
): BackupRequest | null => (column ? requestOf(json<Record<string, unknown>>(column), website) : null);

function requestOf(row: Record<string, unknown>, website: { id: number; domain: string }): BackupRequest {
  return {
    id: Number(row.id),
    action: row.action as BackupRequest['action'],
    websiteId: website.id,
    domain: website.domain,
    host: row.host as BackupRequest['host'],
    status: row.status as BackupRequestStatus,
    location: (row.location ?? null) as BackupRequest['location'],
    tag: String(row.tag),
    reason: row.reason as BackupRequest['reason'],
    message: (row.message ?? null) as string | null,
    requestedBy:
      row.requested_by == null ? null : { id: Number(row.requested_by), name: String(row.username) },
    restore:
      row.action === 'restore'
        ? {
            backupId: row.restore_backup_id == null ? null : Number(row.restore_backup_id),
            at: iso(row.restore_backup_at)!,
            note: (row.restore_backup_note ?? null) as string | null,
          }
        : null,
    safetyRequestId: row.safety_request_id == null ? null : Number(row.safety_request_id),
    requestedAt: iso(row.requested_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

export type BackupRequestRow = typeof backupRequests.$inferSelect;

/** The job's view of a request: what to take, of which website. */
export async function backupRequestToRun(db: Db, id: number) {
  const [row] = await db.select().from(backupRequests).where(eq(backupRequests.id, id));
  return row ?? null;
}

/** The job takes a queued request: false when it is not queued (already taken, or gone). */
export async function startBackupRequest(db: Db, id: number, at: Date): Promise<boolean> {
  const started = await db
    .update(backupRequests)
    .set({ status: 'running', startedAt: at })
    .where(and(eq(backupRequests.id, id), eq(backupRequests.status, 'queued')))
    .returning({ id: backupRequests.id });
  return started.length > 0;
}

/** The host's id of the operation taking it (Kinsta), kept while it is followed. */
export async function recordBackupOperation(db: Db, id: number, operationId: string): Promise<void> {
  await db.update(backupRequests).set({ operationId }).where(eq(backupRequests.id, id));
}

export async function finishBackupRequest(
  db: Db,
  id: number,
  outcome: { ok: boolean; message: string },
  at: Date,
): Promise<void> {
  await db
    .update(backupRequests)
    .set({ status: outcome.ok ? 'succeeded' : 'failed', message: outcome.message, finishedAt: at })
    .where(eq(backupRequests.id, id));
}

/**
 * An Admin asks to put one of a website's backups back: the host must allow restores from Agency Hub,
 * the domain must be typed as it is, and the backup must be one the host lists now (and one its API
 * can restore). The job takes a backup of the site as it is first, then restores.
 */
export async function requestRestore(
  ctx: Services,
  websiteId: number,
  body: RestoreBody,
): Promise<{ id: number; status: BackupRequestStatus }> {
  const website = await readWebsite(ctx, websiteId);
  if (website.removed) throw conflict(`${website.domain} is no longer at its host: it cannot be restored`);
  if (body.confirmDomain.toLowerCase() !== website.domain.toLowerCase())
    throw badRequest(`Type ${website.domain} exactly to confirm the restore`, {
      confirmDomain: [`Type ${website.domain} exactly to confirm the restore`],
    });
  const host = website.integrationProvider as IntegrationProvider;
  if (!(await restoresAllowed(ctx, host)))
    throw conflict(
      `Restores through ${providerNames[host]} are off: an Admin can allow them on the Integrations page`,
      undefined,
      'restores_not_allowed',
    );
  const [backup] = await ctx.db
    .select()
    .from(websiteBackups)
    .where(and(eq(websiteBackups.id, body.backupId), eq(websiteBackups.websiteId, websiteId)));
  const noBackup = 'This website has no such backup (it may have been pruned since the list was read)';
  if (!backup) throw badRequest(noBackup, { backupId: [noBackup] });
  if (backup.kind === 'downloadable') {
    const message = "A downloadable copy cannot be restored through Kinsta's API: choose another backup";
    throw badRequest(message, { backupId: [message] });
  }
  await refuseWhenBusy(ctx, website);
  const [created] = await ctx.db
    .insert(backupRequests)
    .values({
      websiteId,
      host,
      action: 'restore',
      restoreBackupId: backup.id,
      restoreBackupAt: backup.at,
      restoreBackupNote: backup.note,
      location: backup.location,
      tag: DEFAULT_RESTORE_TAG,
      status: 'queued',
      requestedBy: ctx.actor?.id ?? null,
      requestedAt: ctx.clock.now(),
    })
    .returning({ id: backupRequests.id });
  await ctx.jobs.send(RESTORE_JOB, { requestId: created!.id });
  return { id: created!.id, status: 'queued' };
}

/**
 * The backup a restore takes first, of the site as it is, recorded as its own request (the safety
 * copy is listed with the others); kept on the restore so both can be followed.
 */
export async function createSafetyRequest(db: Db, restore: BackupRequestRow, at: Date): Promise<number> {
  const [created] = await db
    .insert(backupRequests)
    .values({
      websiteId: restore.websiteId,
      host: restore.host,
      // GridPane keeps the copy on the server: the quickest to take and to put back.
      location: restore.host === 'gridpane' ? 'local' : null,
      tag: DEFAULT_RESTORE_TAG,
      reason: 'before-restore',
      status: 'queued',
      requestedBy: restore.requestedBy,
      requestedAt: at,
    })
    .returning({ id: backupRequests.id });
  await db
    .update(backupRequests)
    .set({ safetyRequestId: created!.id })
    .where(eq(backupRequests.id, restore.id));
  return created!.id;
}

/**
 * The backup an update takes of a website first (tagged so a restore after a failed update finds it),
 * asked for on behalf of whoever started the run; the caller takes it at once with the backup job's
 * own work.
 */
export async function createUpdateBackupRequest(
  db: Db,
  website: { id: number; host: string },
  runId: number,
  requestedBy: number | null,
  at: Date,
): Promise<number> {
  const [created] = await db
    .insert(backupRequests)
    .values({
      websiteId: website.id,
      host: website.host,
      location: website.host === 'gridpane' ? 'local' : null,
      tag: updateBackupTag(runId),
      reason: 'before-update',
      status: 'queued',
      requestedBy,
      requestedAt: at,
    })
    .returning({ id: backupRequests.id });
  return created!.id;
}

/** The backup a restore puts back, as listed now (null when it was pruned meanwhile). */
export async function backupToRestore(db: Db, request: BackupRequestRow) {
  if (request.restoreBackupId === null) return null;
  const [backup] = await db
    .select()
    .from(websiteBackups)
    .where(eq(websiteBackups.id, request.restoreBackupId));
  return backup ?? null;
}

/** For a report: how many backups Agency Hub had each website's host take in [start, end). */
export async function backupsTakenOverPeriod(
  db: Db,
  websiteIds: number[],
  period: { start: Date; end: Date },
): Promise<Map<number, number>> {
  if (websiteIds.length === 0) return new Map();
  const found = await rows<{ website_id: number; n: number | string }>(
    db,
    sql`select website_id, count(*) as n from backup_requests
      where website_id = any(${sql.raw(`'{${websiteIds.map(Number).join(',')}}'::int[]`)})
        and action = 'backup' and status = 'succeeded'
        and finished_at >= ${period.start.toISOString()}::timestamptz
        and finished_at < ${period.end.toISOString()}::timestamptz
      group by website_id`,
  );
  return new Map(found.map((r) => [Number(r.website_id), Number(r.n)]));
}
