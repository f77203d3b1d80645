import type { IntegrationProvider } from '../../shared/integrations';
import type { JobRef } from '../core/jobs/registry';
import { BETTERUPTIME, BETTERUPTIME_SYNC_JOB } from '../providers/betteruptime/keys';
import { GRIDPANE, GRIDPANE_SYNC_JOB } from '../providers/gridpane/keys';
import { FACTS_JOB, HDSNAPSHOT } from '../providers/hdsnapshot/keys';
import { KINSTA, KINSTA_SYNC_JOB } from '../providers/kinsta/keys';
import { WORDFENCE, WORDFENCE_IMPORT_JOB } from '../providers/wordfence/keys';
import type { Services } from '../services';

/** The providers whose lists are kept warm by scheduled syncs (HD Snapshot sweeps on its own cron). */
export const LISTED_PROVIDERS: readonly IntegrationProvider[] = [GRIDPANE, KINSTA, BETTERUPTIME];

/** The job that syncs each listed provider. */
export const SYNC_JOBS: Partial<Record<IntegrationProvider, JobRef>> = {
  [GRIDPANE]: GRIDPANE_SYNC_JOB,
  [KINSTA]: KINSTA_SYNC_JOB,
  [BETTERUPTIME]: BETTERUPTIME_SYNC_JOB,
};

/**
 * Queues a provider's sync (joined by one already waiting): GridPane's servers and sites, Kinsta's
 * sites and their environments, Better Uptime's monitors with their figures after them, for HD
 * Snapshot a sweep of the sites now rather than at the next one, and for Wordfence Intelligence a
 * read of its vulnerability feed.
 */
export async function sendSync(services: Services, provider: IntegrationProvider): Promise<void> {
  // Saved in the seconds after a start, the sync still starts: as soon as the job engine runs.
  const opts = { deferWhileStarting: true };
  if (provider === GRIDPANE) await services.jobs.send(GRIDPANE_SYNC_JOB, {}, opts);
  if (provider === KINSTA) await services.jobs.send(KINSTA_SYNC_JOB, {}, opts);
  if (provider === BETTERUPTIME) await services.jobs.send(BETTERUPTIME_SYNC_JOB, { figures: true }, opts);
  if (provider === HDSNAPSHOT) await services.jobs.send(FACTS_JOB, {}, opts);
  // A key just saved (or switched back on) reads the feed now, however fresh the last read.
  if (provider === WORDFENCE) await services.jobs.send(WORDFENCE_IMPORT_JOB, { force: true }, opts);
}
