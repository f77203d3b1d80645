import { sql } from 'drizzle-orm';
import type { IntegrationProvider } from '../../shared/integrations';
import {
  dataStamp,
  type Generation,
  generationsColumn,
  type Kept,
  keptAt,
  type Reads,
  stampOf,
} from '../core/cache/kept';
import { json, rows } from '../core/sql';
import { assertIntegrationOn, type IntegrationState, integrationStateSql } from '../integrations';
import type { Services } from '../services';
import { cacheMeta, type SyncJob, serveCached } from './serve';
import { type CacheKey, type CacheState, readCacheState } from './service';

type Opened = {
  /** The list's cache fields (cached, syncedAt, partial, error, refreshing). */
  meta: ReturnType<typeof cacheMeta>;
  /** The page's answer, kept while everything the list reads is unchanged (the answer cache). */
  kept: Kept;
};

type FirstRead = {
  integration: IntegrationState;
  sync: {
    synced_at: string | null;
    partial: boolean;
    error: string | null;
    error_at: string | null;
    progress_done: number | null;
    progress_total: number | null;
  } | null;
  generations: Generation[];
};

/**
 * The start of every paged provider list (sites, servers, monitors): whether the integration is set up
 * and on (its secrets are not opened: a list serves what is stored), the cache's state and the
 * generations of what the page reads, in one statement; then the
 * cache served as ever (a refresh, or the first sync, runs as it always did).
 */
export async function openProviderList(
  services: Services,
  opts: {
    provider: IntegrationProvider;
    cache: CacheKey;
    refresh: boolean;
    sync: SyncJob;
    reads: Reads;
  },
): Promise<Opened> {
  const { db } = services;
  const [first] = await rows<Record<keyof FirstRead, unknown>>(
    db,
    sql`select
      ${integrationStateSql(opts.provider)} as integration,
      (select json_build_object('synced_at', s.synced_at, 'partial', s.partial, 'error', s.error,
          'error_at', s.error_at, 'progress_done', s.progress_done, 'progress_total', s.progress_total)
        from provider_syncs s where s.provider = ${opts.cache.provider} and s.kind = ${opts.cache.kind}) as sync,
      ${generationsColumn(opts.reads)} as generations`,
  );
  assertIntegrationOn(opts.provider, json<FirstRead['integration']>(first?.integration ?? null));
  const state = stateOf(json<FirstRead['sync']>(first?.sync ?? null));
  let before: CacheState<never> | undefined = state;
  const served = await serveCached<never>(services, opts.cache, {
    refresh: opts.refresh,
    sync: opts.sync,
    answerWithin: services.config.answerWithin,
    // The state read above is the "before"; after a sync the cache is read again.
    read: async (d, key) => {
      const read = before ?? (await readCacheState(d, key));
      before = undefined;
      return read;
    },
  });
  // A sync may have run: then the generations are read again, after it.
  const stamp =
    opts.refresh || !state.syncedAt
      ? await dataStamp(db, opts.reads)
      : stampOf(opts.reads, json<Generation[]>(first?.generations ?? []));
  return { meta: cacheMeta(served), kept: (key, compute) => keptAt(db, stamp, key, compute) };
}

function stateOf(sync: FirstRead['sync']): CacheState<never> {
  return {
    items: [],
    syncedAt: sync?.synced_at ? new Date(sync.synced_at) : null,
    partial: sync?.partial ?? false,
    error: sync?.error ?? null,
    errorAt: sync?.error_at ? new Date(sync.error_at) : null,
    progress: sync?.progress_done == null ? null : { done: sync.progress_done, total: sync.progress_total },
  };
}
