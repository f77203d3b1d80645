import type { Db } from '../db/client';
import { type CacheKey, type CacheState, readCache } from './service';

type Read<T> = (db: Db, key: CacheKey) => Promise<CacheState<T>>;

export type Served<T> = { state: CacheState<T>; cached: boolean; refreshing: boolean };

/**
 * The read path of every provider list: the cache, unless the caller asks for a refresh or nothing was
 * ever fetched. A failed refresh still serves the last good data, with the error beside it (R2); with
 * no data at all the provider's error is the answer. A refresh slower than answerWithinMs (a provider
 * asking us to wait) answers with the last good data and carries on in the background.
 */
export async function serveCached<T>(
  db: Db,
  key: CacheKey,
  opts: {
    refresh: boolean;
    sync: () => Promise<unknown>;
    answerWithinMs: number;
    /** Whether this provider's sync waits or runs now (in the background, for another page, anywhere). */
    syncing: () => Promise<boolean>;
    /** How the cache is read: all items (the spec's whole lists), or only its state (paged lists). */
    read?: Read<T>;
  },
): Promise<Served<T>> {
  const read: Read<T> = opts.read ?? readCache;
  const before = await read(db, key);
  if (!opts.refresh && before.syncedAt)
    return { state: before, cached: true, refreshing: await opts.syncing() };
  const sync = opts.sync();
  try {
    if (before.syncedAt && !(await settlesWithin(sync, opts.answerWithinMs))) {
      return { state: before, cached: true, refreshing: true };
    }
    await sync;
  } catch (err) {
    if (!before.syncedAt) throw err;
    const error = err instanceof Error ? err.message : String(err);
    return { state: { ...before, error }, cached: true, refreshing: false };
  }
  const after = await read(db, key);
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
  };
}
