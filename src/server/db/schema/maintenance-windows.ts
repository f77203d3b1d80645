import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

/**
 * Planned work: while a window is on, failures of the checks it covers are recorded but open no
 * incident and send no alert. Covers chosen checks, websites, a client's websites or a server's.
 */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reason: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    repeat: text().notNull().default('none'), // none | weekly
    /** Set when someone ends it early (a weekly window stops repeating too). */
    endedAt: timestamp({ withTimezone: true }),
    checkIds: integer().array().notNull().default([]),
    websiteIds: integer().array().notNull().default([]),
    clientId: integer().references(() => clients.id, { onDelete: 'cascade' }),
    serverId: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('maintenance_windows_starts_at_idx').on(t.startsAt)],
);
export type MaintenanceWindowRow = typeof maintenanceWindows.$inferSelect;
