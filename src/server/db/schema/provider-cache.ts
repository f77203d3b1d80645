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
    syncedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.kind, t.externalId] })],
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
  },
  (t) => [primaryKey({ columns: [t.provider, t.kind] }), index('provider_syncs_provider_idx').on(t.provider)],
);
