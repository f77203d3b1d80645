import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Provider data as last fetched (GridPane servers and sites, Better Uptime monitors, HD Snapshot
 * snapshots), already parsed into our types. Pages read this; only syncs talk to providers.
 */
export const providerRecords = pgTable(
  'provider_records',
  {
    provider: text().notNull(),
    kind: text().notNull(), // servers | sites | monitors | snapshots …
    externalId: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** When the row was last written: a sync rewrites only what the provider changed. */
    syncedAt: timestamp({ withTimezone: true }).notNull(),
    // Typed list columns, filled at write time from `data` (see provider-cache/columns.ts) so that
    // paged lists filter, sort and count in SQL instead of reading every JSON row.
    /** Normalised domain (sites, monitors): how sites, websites and monitors meet. */
    domain: text(),
    /** Lower-cased text the list sorts by (site url, server label, monitor name). */
    sortKey: text(),
    status: text(),
    /** The owning record's id: a site's server. */
    parentId: text(),
    /** Lower-cased text a list's `q` matches. */
    search: text(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.kind, t.externalId] }),
    index('provider_records_sort_key_idx').on(t.provider, t.kind, t.sortKey, t.externalId),
    index('provider_records_parent_id_idx').on(t.provider, t.kind, t.parentId),
    index('provider_records_domain_idx').on(t.provider, t.kind, t.domain),
    index('provider_records_status_idx').on(t.provider, t.kind, t.status),
    // A list's or global search's `q` (LIKE '%…%') through trigrams (pg_trgm), not a scan of the kind.
    index('provider_records_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')),
  ],
);

/** One row per (provider, kind): when it last synced well, and the last failure if any. */
export const providerSyncs = pgTable(
  'provider_syncs',
  {
    provider: text().notNull(),
    kind: text().notNull(),
    syncedAt: timestamp({ withTimezone: true }),
    partial: boolean().notNull().default(false),
    error: text(),
    errorAt: timestamp({ withTimezone: true }),
    /** Bumped by every write of the items: what was computed from them stays valid while it holds. */
    generation: integer().notNull().default(0),
    /** A sync under way: items read so far, and how many the provider said there are (null: unknown). */
    progressDone: integer(),
    progressTotal: integer(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.kind] }), index('provider_syncs_provider_idx').on(t.provider)],
);
