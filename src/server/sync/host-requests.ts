import { sql } from 'drizzle-orm';
import { recordActivity } from '../activity';
import {
  type BackupRequestRow,
  backupRequestToRun,
  finishBackupRequest,
  startBackupRequest,
} from '../backups';
import { isProviderError } from '../core/outbound/provider-error';
import { rows } from '../core/sql';
import { KINSTA } from '../providers/kinsta/keys';
import type { Services } from '../services';
import { readWebsite } from '../websites';

/** A host said no, or did not finish: the request fails with this sentence, nothing is retried. */
export class HostRefused extends Error {}
/** The host took the request and had not said it ended when the time to follow it was up. */
export class HostTimedOut extends HostRefused {}

export type HostWebsite = Awaited<ReturnType<typeof readWebsite>>;

/** What a backup or a restore did, for its request and the activity log. */
export type HostOutcome = { message: string; news: string };

type Kind = {
  /** "backup", "restore": the noun of its failure sentences. */
  noun: string;
  /** "backed up", "restored": the activity line when it did not happen. */
  pastTense: string;
  /** The activity entries' actions. */
  actions: { done: string; failed: string };
  /** A restore replaced a client's site: its entry is a warning even when it worked. */
  doneTone: 'success' | 'warning';
};

export const BACKUP_KIND: Kind = {
  noun: 'backup',
  pastTense: 'backed up',
  actions: { done: 'backup.taken', failed: 'backup.failed' },
  doneTone: 'success',
};
export const RESTORE_KIND: Kind = {
  noun: 'restore',
  pastTense: 'restored',
  actions: { done: 'backup.restored', failed: 'backup.restore_failed' },
  doneTone: 'warning',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `look` until it answers, pausing between; gives up (the host may still finish) after the configured time. */
/**
 * Waits for the next look at a host: `pollMs` after the previous one began, so the time a look takes
 * does not stretch the cadence (at least a quarter of `pollMs`, so a slow host is not asked back to back).
 */
export const untilNextLook = (pollMs: number, began: number) =>
  wait(Math.max(pollMs / 4, pollMs - (Date.now() - began)));

export async function follow<T>(
  services: Services,
  host: string,
  what: string,
  look: () => Promise<T | null>,
): Promise<T> {
  const { pollMs, followMs } = services.config.hostOperations;
  const deadline = Date.now() + followMs;
  for (;;) {
    const began = Date.now();
    const found = await look();
    if (found !== null) return found;
    if (Date.now() >= deadline)
      throw new HostTimedOut(
        `${host} accepted the ${what} but has not finished it after ${Math.round(followMs / 60_000)} minutes: look at ${host} before relying on it`,
      );
    await untilNextLook(pollMs, began);
  }
}

/**
 * Runs one backup or restore request a job was given: takes it from queued (so with several instances
 * only one runs it, and never twice), does the work at the host, and records the outcome on the request
 * and in the activity log with who asked. A write is never retried: a host's refusal or failure ends it.
 */
export async function runHostRequest(
  services: Services,
  requestId: number,
  kind: Kind,
  work: (request: BackupRequestRow, website: HostWebsite, hostName: string) => Promise<HostOutcome>,
): Promise<{ status: 'succeeded' | 'failed' | 'skipped'; message?: string }> {
  const { db, clock } = services;
  const request = await backupRequestToRun(db, requestId);
  if (!request || !(await startBackupRequest(db, requestId, clock.now()))) return { status: 'skipped' };
  const website = await readWebsite(services, request.websiteId);
  const hostName = website.integrationProvider === KINSTA ? 'Kinsta' : 'GridPane';
  // The person's name for the activity line (they may have left since).
  const [asker] = request.requestedBy
    ? await rows<{ username: string }>(db, sql`select username from users where id = ${request.requestedBy}`)
    : [];
  const by = asker ? ` (asked by ${asker.username})` : '';
  const news = async (ok: boolean, message: string) =>
    recordActivity(
      { db, clock },
      {
        type: ok ? kind.doneTone : 'warning',
        action: ok ? kind.actions.done : kind.actions.failed,
        message,
        link: `/websites/internal/${website.id}`,
        websiteId: website.id,
        clientId: website.clientId,
        verbatim: true,
      },
    );
  try {
    const outcome = await work(request, website, hostName);
    await finishBackupRequest(db, requestId, { ok: true, message: outcome.message }, clock.now());
    await news(true, `${outcome.news}${by}`);
    return { status: 'succeeded', message: outcome.message };
  } catch (err) {
    if (!(err instanceof HostRefused) && !isProviderError(err)) {
      const message = `The ${kind.noun} stopped on an error of ours`;
      await finishBackupRequest(db, requestId, { ok: false, message }, clock.now());
      throw err;
    }
    await finishBackupRequest(db, requestId, { ok: false, message: err.message }, clock.now());
    await news(false, `${website.domain} was not ${kind.pastTense}${by}: ${err.message}`);
    return { status: 'failed', message: err.message };
  }
}
