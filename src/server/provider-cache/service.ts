import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { providerRecords, providerSyncs } from '../db/schema';

/** Provider data as the pages read it: never fetched on a page view, only by syncs. */
export type CacheState<T> = {
  items: T[];
  syncedAt: Date | null;
  partial: boolean;
  error: string | null;
  errorAt: Date | null;
};

export type CacheKey = { provider: string; kind: string };

async function syncRow(db: Db, key: CacheKey) {
  const [row] = await db
    .select()
    .from(providerSyncs)
    .where(and(eq(providerSyncs.provider, key.provider), eq(providerSyncs.kind, key.kind)))
    .limit(1);
  return row;
}

export async function readCache<T>(db: Db, key: CacheKey): Promise<CacheState<T>> {
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
  };
}

/** The cached items keyed by their provider id. */
export async function readCacheMap<T>(db: Db, key: CacheKey): Promise<Map<string, T>> {
  const rows = await db
    .select({ id: providerRecords.externalId, data: providerRecords.data })
    .from(providerRecords)
    .where(and(eq(providerRecords.provider, key.provider), eq(providerRecords.kind, key.kind)));
  return new Map(rows.map((r) => [r.id, r.data as T]));
}

export async function readCacheItem<T>(db: Db, key: CacheKey, externalId: string): Promise<T | undefined> {
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
 * page failed) only adds and updates, so good rows are never lost to a half-read (R2, R4).
 */
export async function writeCache<T>(
  db: Db,
  key: CacheKey,
  items: { id: string; data: T }[],
  at: Date,
  outcome: { partial: boolean; error?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = items.map((i) => i.id);
    if (!outcome.partial) {
      const scope = and(eq(providerRecords.provider, key.provider), eq(providerRecords.kind, key.kind));
      await tx
        .delete(providerRecords)
        .where(ids.length ? and(scope, notInArray(providerRecords.externalId, ids)) : scope);
    }
    for (let i = 0; i < items.length; i += 500) {
      const chunk = items.slice(i, i + 500).map((it) => ({
        provider: key.provider,
        kind: key.kind,
        externalId: it.id,
        data: it.data as Record<string, unknown>,
        syncedAt: at,
      }));
      await tx
        .insert(providerRecords)
        .values(chunk)
        .onConflictDoUpdate({
          target: [providerRecords.provider, providerRecords.kind, providerRecords.externalId],
          set: { data: sqlExcluded('data'), syncedAt: at },
        });
    }
    const sync = {
      syncedAt: at,
      partial: outcome.partial,
      error: outcome.error ?? null,
      errorAt: outcome.error ? at : null,
    };
    await tx
      .insert(providerSyncs)
      .values({ ...key, ...sync, generation: 1 })
      .onConflictDoUpdate({
        target: [providerSyncs.provider, providerSyncs.kind],
        set: { ...sync, generation: sql`${providerSyncs.generation} + 1` },
      });
  });
}

/**
 * One cheap read that says whether any of these caches changed: the generation of each (bumped by every
 * write of its items, in the same transaction) and whether it ever synced.
 */
export async function cacheStamp(db: Db, keys: CacheKey[]): Promise<string> {
  const rows = await db
    .select({
      provider: providerSyncs.provider,
      kind: providerSyncs.kind,
      generation: providerSyncs.generation,
    })
    .from(providerSyncs)
    .where(
      or(...keys.map((k) => and(eq(providerSyncs.provider, k.provider), eq(providerSyncs.kind, k.kind)))),
    );
  const of = (k: CacheKey) =>
    rows.find((r) => r.provider === k.provider && r.kind === k.kind)?.generation ?? 0;
  return keys.map((k) => `${k.provider}/${k.kind}@${of(k)}`).join(' ');
}

/** A failed sync: the cache stays as it was; only the error is recorded beside it. */
export async function recordCacheError(db: Db, key: CacheKey, error: string, at: Date): Promise<void> {
  await db
    .insert(providerSyncs)
    .values({ ...key, error, errorAt: at })
    .onConflictDoUpdate({
      target: [providerSyncs.provider, providerSyncs.kind],
      set: { error, errorAt: at },
    });
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);
