import type { Config } from '../config';
import type { Context } from '../core/context';
import type { JobRef } from '../core/jobs/engine';
import { type CacheKey, type CacheState, readCache } from './service';

/** A provider's sync job and what it is sent with. */
export type SyncJob = { job: JobRef<never>; data?: object };

type Read<T> = (ctx: Pick<Context, 'db'>, key: CacheKey) => Promise<CacheState<T>>;

export type Served<T> = { state: CacheState<T>; cached: boolean; refreshing: boolean };

/**
 * The read path of every provider list: the cache, unless the caller asks for a refresh or nothing was
 * ever fetched. A failed refresh still serves the last good data, with the error beside it; with
 * no data at all the provider's error is the answer. No page waits long on a provider: a refresh
 * slower than answerWithin.refreshMs answers with the last good data, and a first sync slower than
 * answerWithin.firstSyncMs (a large fleet read within the provider's rate limit) answers with what is
 * stored so far (nothing yet) and how far the sync has read; either carries on in the background and
 * the page asks again.
 */
export async function serveCached<T>(
  ctx: Pick<Context, 'db' | 'jobs'>,
  key: CacheKey,
  opts: {
    refresh: boolean;
    /** The provider's sync job (whichever instance runs it) that fills this cache. */
    sync: SyncJob;
    answerWithin: Config['answerWithin'];
    /** How the cache is read: all items (the unpaged lists, which answer every record at once), or only its state (paged lists). */
    read?: Read<T>;
  },
): Promise<Served<T>> {
  const read: Read<T> = opts.read ?? readCache;
  const { job, data } = opts.sync;
  const before = await read(ctx, key);
  if (!opts.refresh && before.syncedAt)
    return { state: before, cached: true, refreshing: await ctx.jobs.isBusy(job) };
  // A refresh asks for a sync of its own; a first read joins the sync under way (saving the
  // integration starts one) rather than queueing a second behind it.
  const sync = opts.refresh ? ctx.jobs.run(job, data as never) : ctx.jobs.joinOrRun(job, data as never);
  try {
    const waitMs = before.syncedAt ? opts.answerWithin.refreshMs : opts.answerWithin.firstSyncMs;
    if (!(await settlesWithin(sync, waitMs))) {
      // Read again for the sync's progress; the items stay the last good ones until it is done.
      const { progress } = await read(ctx, key);
      return { state: { ...before, progress }, cached: before.syncedAt !== null, refreshing: true };
    }
    await sync;
  } catch (err) {
    if (!before.syncedAt) throw err;
    const error = err instanceof Error ? err.message : String(err);
    return { state: { ...before, error }, cached: true, refreshing: false };
  }
  const after = await read(ctx, key);
  return { state: after, cached: after.syncedAt === before.syncedAt, refreshing: false };
}

/** Whether the work settles (either way) within ms; a rejection is still the caller's to handle. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function cacheMeta(served: Served<unknown>) {
  return {
    cached: served.cached,
    syncedAt: served.state.syncedAt?.toISOString() ?? null,
    partial: served.state.partial,
    error: served.state.error,
    refreshing: served.refreshing,
    progress: served.refreshing ? served.state.progress : null,
  };
}
