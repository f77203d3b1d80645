import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const integrations = pgTable('integrations', {
  provider: text().primaryKey(), // gridpane | betteruptime | hdsnapshot
  enabled: boolean().notNull().default(false),
  /**
   * Whether Agency Hub may restore a client's site through this host (a write that replaces the site):
   * off until an Admin turns it on.
   */
  allowRestores: boolean().notNull().default(false),
  /** A host: whether Agency Hub may update plugins, themes and WordPress through it (off until an Admin allows it). */
  allowUpdates: boolean().notNull().default(false),
  /** AES-256-GCM sealed JSON of the secret settings (tokens); the key is outside the database. */
  secrets: text().notNull(),
  /** Settings that are not secret (base URL, address template). */
  settings: jsonb().$type<Record<string, string>>().notNull().default({}),
  lastSyncAt: timestamp({ withTimezone: true }),
  lastError: text(),
  lastErrorAt: timestamp({ withTimezone: true }),
  callCount: integer().notNull().default(0),
  errorCount: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type IntegrationRow = typeof integrations.$inferSelect;
