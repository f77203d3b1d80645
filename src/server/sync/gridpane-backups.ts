import {
  type BackupReading,
  type BackupRecord,
  recordBackupError,
  recordBackups,
  websitesDueBackupRead,
} from '../backups';
import type { JobSpec } from '../core/jobs/engine';
import { isProviderError } from '../core/outbound/provider-error';
import { loadSettings } from '../integrations';
import { readCacheItems, readCacheState, writeCache } from '../provider-cache';
import type { GridPaneClient } from '../providers/gridpane/client';
import {
  GRIDPANE,
  GRIDPANE_BACKUPS_JOB,
  type GridPaneBackupsRun,
  gridpaneBackupSchedules,
} from '../providers/gridpane/keys';
import type { GridPaneBackup, GridPaneBackupSchedule } from '../providers/gridpane/types';
import type { Services } from '../services';

/**
 * GridPane lists a site's backups only one site at a time, each path within its own small budget (about
 * a dozen requests a minute): a fleet is read in rounds, the stalest sites first, each site at most
 * about once a day. A round reads this many sites (three requests each: refresh, list, retention).
 */
export const SITES_PER_ROUND = 50;
const REQUEST_SPACING_MS = 1_700;
/** A site read this recently waits for a later round. */
const FRESH_MS = 20 * 3_600_000;
/** The schedules of every site come in one paged list, read again after this long. */
const SCHEDULES_FRESH_MS = 6 * 3_600_000;

/**
 * Every minute, once across instances, while scheduled syncs are on: a round that finds nothing due
 * costs one query; one that does reads at GridPane's pace (a round of 50 sites takes about four
 * minutes), and the next waits for it, so a fleet is read continuously at the rate GridPane allows
 * and new sites are read within minutes of their first sync.
 */
export const gridpaneBackupsJob = (services: Services): JobSpec => ({
  name: GRIDPANE_BACKUPS_JOB.name,
  policy: 'stately',
  retryLimit: 0,
  heartbeatSeconds: 20,
  cron: services.config.refreshIntervalMinutes > 0 ? '* * * * *' : undefined,
  run: () => readGridPaneBackups(services),
});

/** A backup as kept: the host's name for it with where it lives and its kind is unique per site. */
const recordOf = (b: GridPaneBackup): BackupRecord => ({
  key: `${b.location}:${b.service ?? ''}:${b.kind}:${b.id}`,
  ref: b.id,
  at: b.at,
  kind: b.kind,
  location: b.location,
  service: b.service,
  note: b.note,
  sizeBytes: b.sizeBytes,
});

const FREQUENCY_ORDER = ['hourly', 'daily', 'weekly', 'monthly'] as const;

/**
 * What a site's schedules say: the most frequent automatic backup, whether one runs at all and whether
 * one keeps an off-site copy. Unknown (null) when the schedules were never read; a site the schedule
 * list does not name has none.
 */
function scheduleOf(schedule: GridPaneBackupSchedule | undefined, known: boolean) {
  if (!known) return { schedule: null, automatic: null, remote: null };
  const entries = schedule?.schedules ?? [];
  const frequencies = entries.flatMap((e) => (e.frequency ? [e.frequency] : []));
  const most = FREQUENCY_ORDER.find((f) => frequencies.includes(f)) ?? null;
  return {
    schedule: most,
    automatic: entries.length > 0,
    remote: entries.some((e) => e.type === 'remote'),
  };
}

/**
 * One site's backups as GridPane lists them now (asked to re-read them from the server first), with
 * its retention and what the schedule list says of it; kept as the site's backups.
 */
export async function readSiteBackups(
  services: Services,
  client: GridPaneClient,
  site: { websiteId: number; providerSiteId: string },
  schedules: { known: boolean; bySite: Map<string, GridPaneBackupSchedule> },
): Promise<void> {
  const siteId = Number(site.providerSiteId);
  await client.refreshBackups(siteId);
  const list = await client.listBackups(siteId);
  const retention = await client.getRetention(siteId);
  const reading: BackupReading = {
    backups: list.items.map(recordOf),
    ...scheduleOf(schedules.bySite.get(site.providerSiteId), schedules.known),
    retentionDays: retention.local ?? retention.remote,
  };
  await recordBackups(services.db, site.websiteId, GRIDPANE, reading, services.clock.now());
}

/** The schedule list, read anew when it is older than SCHEDULES_FRESH_MS; null when it cannot be read. */
export async function schedules(services: Services, client: GridPaneClient, siteIds: string[]) {
  const { db, clock } = services;
  const state = await readCacheState({ db }, gridpaneBackupSchedules);
  const stale = !state.syncedAt || clock.now().getTime() - state.syncedAt.getTime() > SCHEDULES_FRESH_MS;
  if (stale) {
    try {
      const list = await client.listBackupSchedules();
      await writeCache(
        { db },
        gridpaneBackupSchedules,
        list.items.map((s) => ({ id: String(s.siteId), data: s })),
        clock.now(),
        { partial: list.partial || list.skipped > 0, error: list.error?.message },
      );
    } catch (err) {
      if (!isProviderError(err)) throw err;
    }
  }
  const after = stale ? await readCacheState({ db }, gridpaneBackupSchedules) : state;
  // A partial list cannot say a site it misses has no schedule.
  const known = Boolean(after.syncedAt) && !after.partial;
  return {
    known,
    bySite: await readCacheItems<GridPaneBackupSchedule>({ db }, gridpaneBackupSchedules, siteIds),
  };
}

/**
 * One round: the schedules when due, then the backups and retention of the sites due a read. A site
 * GridPane will not answer for keeps its last backups with the reason beside them; a refused key or a
 * limit GridPane will not lift soon ends the round (the next one carries on).
 */
export async function readGridPaneBackups(
  services: Services,
  options: { sites?: number } = {},
): Promise<GridPaneBackupsRun> {
  const { db, clock } = services;
  const run: GridPaneBackupsRun = { read: 0, failed: 0, due: 0, stoppedBy: null };
  let settings: Awaited<ReturnType<typeof loadSettings>>;
  try {
    settings = await loadSettings(services, GRIDPANE);
  } catch {
    return run; // GridPane not set up or switched off: nothing to read.
  }
  const due = await websitesDueBackupRead(
    db,
    GRIDPANE,
    new Date(clock.now().getTime() - FRESH_MS),
    options.sites ?? SITES_PER_ROUND,
  );
  run.due = due.length;
  if (due.length === 0) return run;
  const client = services.providers.gridpane({
    baseUrl: settings.baseUrl!,
    token: settings.accessToken!,
    // Three paths a site, each within about a dozen requests a minute: one request every 1.7 s.
    minSpacingMs: REQUEST_SPACING_MS,
    // A 429 ends the round rather than holding the token's lane (and the sites sync) for its wait.
    maxRateLimitWaitMs: 0,
  });
  const { known, bySite } = await schedules(
    services,
    client,
    due.map((d) => d.providerSiteId),
  );
  for (const { websiteId, providerSiteId } of due) {
    try {
      await readSiteBackups(services, client, { websiteId, providerSiteId }, { known, bySite });
      run.read++;
    } catch (err) {
      if (!isProviderError(err)) throw err;
      // A limit says nothing of the site: it is read in the next round.
      if (err.kind === 'rate_limited') {
        run.stoppedBy = err.kind;
        break;
      }
      await recordBackupError(db, websiteId, GRIDPANE, err.message, clock.now());
      run.failed++;
      if (err.kind === 'unauthorized') {
        run.stoppedBy = err.kind;
        break;
      }
    }
  }
  return run;
}
