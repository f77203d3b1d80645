import type { Db } from '../db/client';
import { type CacheKey, type CacheState, readCache } from './service';

export type Served<T> = { state: CacheState<T>; cached: boolean };

/**
 * The read path of every provider list: the cache, unless the caller asks for a refresh or nothing was
 * ever fetched. A failed refresh still serves the last good data, with the error beside it (R2); with
 * no data at all the provider's error is the answer.
 */
export async function serveCached<T>(
  db: Db,
  key: CacheKey,
  opts: { refresh: boolean; sync: () => Promise<unknown> },
): Promise<Served<T>> {
  const before = await readCache<T>(db, key);
  if (!opts.refresh && before.syncedAt) return { state: before, cached: true };
  try {
    await opts.sync();
  } catch (err) {
    if (!before.syncedAt) throw err;
    return { state: { ...before, error: err instanceof Error ? err.message : String(err) }, cached: true };
  }
  const after = await readCache<T>(db, key);
  return { state: after, cached: after.syncedAt === before.syncedAt };
}

export function cacheMeta(served: Served<unknown>) {
  return {
    cached: served.cached,
    syncedAt: served.state.syncedAt?.toISOString() ?? null,
    partial: served.state.partial,
    error: served.state.error,
  };
}
