import type { CacheKey } from '../core/cache/kept';
import type { JobSpec } from '../core/jobs/engine';
import type { JobRef } from '../core/jobs/registry';
import { ProviderError } from '../core/outbound/provider-error';
import { type CacheState, readCacheState, recordCacheError, writeCache } from '../provider-cache';
import { PHP_EOL_JOB, phpBranches } from '../providers/php-eol/keys';
import {
  CORE_LATEST_ID,
  type CoreLatest,
  type CoreRelease,
  WPORG_CORE_JOB,
  WPORG_RELEASES_JOB,
  wporgCore,
  wporgReleases,
} from '../providers/wporg/keys';
import type { Services } from '../services';

/**
 * The fleet's reference versions from their live sources: the latest WordPress release and core's
 * verdict on every release (latest, outdated, insecure) from wordpress.org, and PHP's branches with their end of life from endoflife.date. Each feed is its own
 * daily job, so a failing feed is retried without reading the other again; what was read goes to the
 * provider cache with when it was read, and a failed read leaves the last good values there with the
 * error beside them.
 */
type Feed = {
  job: JobRef<object, { read: boolean }>;
  key: CacheKey;
  /** Daily, in UTC, at a quiet minute of its own. */
  cron: string;
  read: (services: Services) => Promise<{ id: string; data: unknown }[]>;
};

export const REFERENCE_FEEDS = {
  wordpress: {
    job: WPORG_CORE_JOB,
    key: wporgCore,
    cron: '17 5 * * *',
    read: async (services) => {
      const data: CoreLatest = { latest: await services.providers.wporg().latestRelease() };
      return [{ id: CORE_LATEST_ID, data }];
    },
  },
  releases: {
    job: WPORG_RELEASES_JOB,
    key: wporgReleases,
    cron: '18 5 * * *',
    read: async (services) =>
      [...(await services.providers.wporg().coreVerdicts())].map(([version, verdict]) => {
        const data: CoreRelease = { verdict };
        return { id: version, data };
      }),
  },
  php: {
    job: PHP_EOL_JOB,
    key: phpBranches,
    cron: '19 5 * * *',
    read: async (services) =>
      (await services.providers.phpEol().branches()).map((b) => ({ id: b.branch, data: b })),
  },
} satisfies Record<string, Feed>;

export type ReferenceFeed = keyof typeof REFERENCE_FEEDS;

/**
 * A feed read well this recently is not read again: the daily run, a retry, a restart or another
 * instance finds it fresh and asks nothing. Under a day, so the next daily slot always reads.
 */
const FRESH_MS = 20 * 3_600_000;
const isFresh = (state: CacheState<never>, now: Date) =>
  state.syncedAt !== null && now.getTime() - state.syncedAt.getTime() < FRESH_MS;

/**
 * Reads one feed unless it is fresh, and stores what it read. A failed read records its error beside
 * the last good values and fails the job, so that the engine tries again with backoff.
 */
export async function readReferenceFeed(services: Services, name: ReferenceFeed): Promise<{ read: boolean }> {
  const feed: Feed = REFERENCE_FEEDS[name];
  const { clock } = services;
  if (isFresh(await readCacheState(services, feed.key), clock.now())) return { read: false };
  let items: { id: string; data: unknown }[];
  try {
    items = await feed.read(services);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await recordCacheError(services, feed.key, error.message, clock.now());
    // Thrown as a plain error: the engine retries those with backoff, where a provider error would be
    // an expected outcome that waits for tomorrow's run.
    throw new Error(error.message, { cause: error });
  }
  await writeCache(services, feed.key, items, clock.now(), { partial: false });
  return { read: true };
}

/**
 * Soon after start, queues the read of every feed that is not fresh: never read yet, or its daily
 * slot missed while the server was down. A read already waiting is not queued twice.
 */
export async function readReferencesSoon(services: Services, delayMs = 10_000): Promise<ReferenceFeed[]> {
  const queued: ReferenceFeed[] = [];
  for (const name of Object.keys(REFERENCE_FEEDS) as ReferenceFeed[]) {
    const feed: Feed = REFERENCE_FEEDS[name];
    const now = services.clock.now();
    if (isFresh(await readCacheState(services, feed.key), now)) continue;
    await services.jobs.send(feed.job, {}, { startAfter: new Date(now.getTime() + delayMs) });
    queued.push(name);
  }
  return queued;
}

/**
 * One job per feed: daily, at most one waiting anywhere; a failed read is retried after 5, 10, 20, 40
 * and 80 minutes (at most 3 hours apart), then waits for the next day.
 */
export const referenceJobs = (services: Services): JobSpec[] =>
  (Object.keys(REFERENCE_FEEDS) as ReferenceFeed[]).map((name) => {
    const feed: Feed = REFERENCE_FEEDS[name];
    return {
      name: feed.job.name,
      policy: 'stately',
      cron: feed.cron,
      retryLimit: 5,
      retryDelaySeconds: 300,
      retryDelayMaxSeconds: 3 * 3600,
      expireInSeconds: 120,
      run: () => readReferenceFeed(services, name),
    };
  });
