import { sql } from 'drizzle-orm';
import type { IntegrationProvider } from '../../shared/integrations';
import type { IntegrationRow } from '../db/schema';
import { settingsOf } from '../integrations/service';
import { cacheMeta, serveCached } from '../provider-cache/serve';
import { type CacheKey, type CacheState, readCacheState } from '../provider-cache/service';
import type { Services } from '../services';
import {
  dataStamp,
  type Generation,
  generationsColumn,
  type Kept,
  keptAt,
  type Reads,
  stampOf,
} from './kept';
import { json, rows } from './sql';

type Opened = {
  /** The list's cache fields (cached, syncedAt, partial, error, refreshing). */
  meta: ReturnType<typeof cacheMeta>;
  /** The page's answer, kept while everything the list reads is unchanged (lists/kept). */
  kept: Kept;
};

type FirstRead = {
  integration: Pick<IntegrationRow, 'enabled' | 'secrets' | 'settings'> | null;
  sync: { synced_at: string | null; partial: boolean; error: string | null; error_at: string | null } | null;
  generations: Generation[];
};

/**
 * The start of every paged provider list (sites, servers, monitors): whether the integration is set up
 * and on, the cache's state and the generations of what the page reads, in one statement; then the
 * cache served as ever (a refresh, or the first sync, runs as it always did).
 */
export async function openProviderList(
  services: Services,
  opts: {
    provider: IntegrationProvider;
    cache: CacheKey;
    refresh: boolean;
    sync: () => Promise<unknown>;
    syncing: () => Promise<boolean>;
    reads: Reads;
  },
): Promise<Opened> {
  const { db } = services;
  const [first] = await rows<Record<keyof FirstRead, unknown>>(
    db,
    sql`select
      (select json_build_object('enabled', i.enabled, 'secrets', i.secrets, 'settings', i.settings)
        from integrations i where i.provider = ${opts.provider}) as integration,
      (select json_build_object('synced_at', s.synced_at, 'partial', s.partial, 'error', s.error,
          'error_at', s.error_at)
        from provider_syncs s where s.provider = ${opts.cache.provider} and s.kind = ${opts.cache.kind}) as sync,
      ${generationsColumn(opts.reads)} as generations`,
  );
  const integration = json<FirstRead['integration']>(first?.integration ?? null);
  settingsOf(services, opts.provider, integration ?? undefined);
  const state = stateOf(json<FirstRead['sync']>(first?.sync ?? null));
  let before: CacheState<never> | undefined = state;
  const served = await serveCached<never>(db, opts.cache, {
    refresh: opts.refresh,
    sync: opts.sync,
    answerWithinMs: services.config.refreshAnswerMs,
    syncing: opts.syncing,
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
  };
}
