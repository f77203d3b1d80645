import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SyncProgress } from '../../shared/servers';
import type { CacheKey } from '../core/cache/kept';
import type { Context } from '../core/context';
import type { Db } from '../db/client';
import { providerRecords, providerSyncs } from '../db/schema';
import { listColumns } from './columns';

/** Provider data as the pages read it: never fetched on a page view, only by syncs. */
export type CacheState<T> = {
  items: T[];
  syncedAt: Date | null;
  partial: boolean;
  error: string | null;
  errorAt: Date | null;
  /** A sync under way: how far it has read (null when none runs, or it reports nothing). */
  progress: SyncProgress | null;
};

export type { CacheKey };

const progressOf = (sync: { progressDone: number | null; progressTotal: number | null } | undefined) =>
  sync?.progressDone == null ? null : { done: sync.progressDone, total: sync.progressTotal };

async function syncRow(db: Db, key: CacheKey) {
  const [row] = await db
    .select()
    .from(providerSyncs)
    .where(and(eq(providerSyncs.provider, key.provider), eq(providerSyncs.kind, key.kind)))
    .limit(1);
  return row;
}

export async function readCache<T>(ctx: Pick<Context, 'db'>, key: CacheKey): Promise<CacheState<T>> {
  const { db } = ctx;
  const [rows, sync] = await Promise.all([
    db
      .select({ data: providerRecords.data })
      .from(providerRecords)
      .where(and(eq(providerRecords.provider, key.provider), eq(providerRecords.kind, key.kind))),
    syncRow(db, key),
  ]);
  return {
    items: rows.map((r) => r.data as T),
    syncedAt: sync?.syncedAt ?? null,
    partial: sync?.partial ?? false,
    error: sync?.error ?? null,
    errorAt: sync?.errorAt ?? null,
    progress: progressOf(sync),
  };
}

/** The cache's state without its items: a paged list reads its rows in SQL. */
export async function readCacheState(ctx: Pick<Context, 'db'>, key: CacheKey): Promise<CacheState<never>> {
  const { db } = ctx;
  const sync = await syncRow(db, key);
  return {
    items: [],
    syncedAt: sync?.syncedAt ?? null,
    partial: sync?.partial ?? false,
    error: sync?.error ?? null,
    errorAt: sync?.errorAt ?? null,
    progress: progressOf(sync),
  };
}

/** The cached items keyed by their provider id. */
export async function readCacheMap<T>(ctx: Pick<Context, 'db'>, key: CacheKey): Promise<Map<string, T>> {
  const { db } = ctx;
  const rows = await db
    .select({ id: providerRecords.externalId, data: providerRecords.data })
    .from(providerRecords)
    .where(and(eq(providerRecords.provider, key.provider), eq(providerRecords.kind, key.kind)));
  return new Map(rows.map((r) => [r.id, r.data as T]));
}

/** The cached items of these provider ids, keyed by id (an index lookup each). */
export async function readCacheItems<T>(
  ctx: Pick<Context, 'db'>,
  key: CacheKey,
  ids: string[],
): Promise<Map<string, T>> {
  const { db } = ctx;
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: providerRecords.externalId, data: providerRecords.data })
    .from(providerRecords)
    .where(
      and(
        eq(providerRecords.provider, key.provider),
        eq(providerRecords.kind, key.kind),
        inArray(providerRecords.externalId, [...new Set(ids)]),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.data as T]));
}

export async function readCacheItem<T>(
  ctx: Pick<Context, 'db'>,
  key: CacheKey,
  externalId: string,
): Promise<T | undefined> {
  const { db } = ctx;
  const [row] = await db
    .select({ data: providerRecords.data })
    .from(providerRecords)
    .where(
      and(
        eq(providerRecords.provider, key.provider),
        eq(providerRecords.kind, key.kind),
        eq(providerRecords.externalId, externalId),
      ),
    )
    .limit(1);
  return row?.data as T | undefined;
}

/**
 * Stores a fresh list in one transaction. A complete list replaces the cache; a partial one (a later
 * page failed) only adds and updates, so good rows are never lost to a half-read.
 *
 * Linear in the list: rows go in as JSON batches unpacked by jsonb_to_recordset (one statement per
 * batch, however many rows), and a complete list deletes what it no longer holds by primary key, so no
 * statement costs the table's size times the list's. A row the provider returns unchanged is not
 * rewritten: a sync that changes nothing leaves no dead rows and keeps the pages all-visible, which the
 * lists' index-only scans need. A write that changed many rows vacuums and analyzes the table at once:
 * PGlite has no autovacuum at all, and PostgreSQL's would leave the lists reading the heap (and a
 * first sync's lists planned without statistics) until it comes round.
 */
export async function writeCache<T>(
  ctx: Pick<Context, 'db'>,
  key: CacheKey,
  items: { id: string; data: T }[],
  at: Date,
  outcome: { partial: boolean; error?: string },
): Promise<void> {
  const { db } = ctx;
  const changed = await db.transaction(async (tx) => {
    let changed = 0;
    const seen = new Set<string>();
    const rows: Record<string, unknown>[] = [];
    // A provider listing one id twice: the last copy wins, as it did row by row.
    for (let i = items.length - 1; i >= 0; i--) {
      const it = items[i]!;
      if (seen.has(it.id)) continue;
      seen.add(it.id);
      const c = listColumns(key, it.data);
      rows.push({
        external_id: it.id,
        data: it.data,
        domain: c.domain,
        sort_key: c.sortKey,
        status: c.status,
        parent_id: c.parentId,
        search: c.search,
      });
    }
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = JSON.stringify(rows.slice(i, i + BATCH));
      const written = await tx.execute(sql`
        insert into provider_records
          (provider, kind, external_id, data, synced_at, domain, sort_key, status, parent_id, search)
        select ${key.provider}, ${key.kind}, r.external_id, r.data, ${at.toISOString()}::timestamptz,
          r.domain, r.sort_key, r.status, r.parent_id, r.search
        from jsonb_to_recordset(${batch}::jsonb) as r(external_id text, data jsonb, domain text,
          sort_key text, status text, parent_id text, search text)
        on conflict (provider, kind, external_id) do update set data = excluded.data,
          synced_at = excluded.synced_at, domain = excluded.domain, sort_key = excluded.sort_key,
          status = excluded.status, parent_id = excluded.parent_id, search = excluded.search
        where (provider_records.data, provider_records.domain, provider_records.sort_key,
            provider_records.status, provider_records.parent_id, provider_records.search)
          is distinct from (excluded.data, excluded.domain, excluded.sort_key, excluded.status,
            excluded.parent_id, excluded.search)`);
      changed += affectedRows(written);
    }
    if (!outcome.partial) {
      // What the list no longer holds, found with a hash set here rather than by a planner that may
      // nest-loop 20,000 ids against 20,000 rows before the table has statistics.
      const present = await tx
        .select({ id: providerRecords.externalId })
        .from(providerRecords)
        .where(and(eq(providerRecords.provider, key.provider), eq(providerRecords.kind, key.kind)));
      const gone = present.map((r) => r.id).filter((id) => !seen.has(id));
      changed += gone.length;
      for (let i = 0; i < gone.length; i += BATCH) {
        await tx
          .delete(providerRecords)
          .where(
            and(
              eq(providerRecords.provider, key.provider),
              eq(providerRecords.kind, key.kind),
              inArray(providerRecords.externalId, gone.slice(i, i + BATCH)),
            ),
          );
      }
    }
    const sync = {
      syncedAt: at,
      partial: outcome.partial,
      error: outcome.error ?? null,
      errorAt: outcome.error ? at : null,
      progressDone: null,
      progressTotal: null,
    };
    await tx
      .insert(providerSyncs)
      .values({ ...key, ...sync, generation: 1 })
      .onConflictDoUpdate({
        target: [providerSyncs.provider, providerSyncs.kind],
        set: { ...sync, generation: sql`${providerSyncs.generation} + 1` },
      });
    return changed;
  });
  if (changed >= VACUUM_FROM) await db.execute(sql`vacuum (analyze) provider_records`);
}

const BATCH = 2000;
/** Writes that insert, change or delete this many rows or more vacuum and analyze the table. */
const VACUUM_FROM = 500;

/** Rows an INSERT … ON CONFLICT wrote (node-postgres says rowCount, PGlite affectedRows). */
const affectedRows = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

/** A failed sync: the cache stays as it was; only the error is recorded beside it. */
export async function recordCacheError(
  ctx: Pick<Context, 'db'>,
  key: CacheKey,
  error: string,
  at: Date,
): Promise<void> {
  const { db } = ctx;
  await db
    .insert(providerSyncs)
    .values({ ...key, error, errorAt: at })
    .onConflictDoUpdate({
      target: [providerSyncs.provider, providerSyncs.kind],
      set: { error, errorAt: at, progressDone: null, progressTotal: null },
    });
}

/**
 * How far a running sync has read, for pages that answer while it runs ("4,000 of 20,000 sites"). Its
 * own short statement, outside the sync's writes: it changes no generation, so nothing kept is dropped.
 */
export async function recordSyncProgress(
  ctx: Pick<Context, 'db'>,
  key: CacheKey,
  progress: SyncProgress,
): Promise<void> {
  const values = { progressDone: progress.done, progressTotal: progress.total };
  await ctx.db
    .insert(providerSyncs)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: [providerSyncs.provider, providerSyncs.kind], set: values });
}
