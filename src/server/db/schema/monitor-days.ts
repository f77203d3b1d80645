import { date, doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per monitor and UTC day: that day's availability as the provider reported it, kept for the
 * dashboard's 30-day history widgets. Written by each figures refresh (today's row is updated as the
 * day goes on) and by the backfill of earlier days.
 */
export const monitorDays = pgTable(
  'monitor_days',
  {
    provider: text().notNull(),
    monitorId: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    uptime: doublePrecision().notNull(),
    status: text().notNull(), // up | degraded | down
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.monitorId, t.day] })],
);
