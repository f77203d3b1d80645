import { boolean, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/** A client's monthly report by email: on which day of the month, to whom. */
export const reportSchedules = pgTable('report_schedules', {
  clientId: integer()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  /** 1–28: the day of the month the previous month's report goes out. */
  dayOfMonth: smallint().notNull(),
  /** Another address than the client's own, if given. */
  email: text(),
  enabled: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Each scheduled report sent (or being sent): one per client and period, whichever instance gets there. */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The month reported, "2026-10". */
    period: text().notNull(),
    email: text().notNull(),
    status: text().notNull().default('pending'), // pending | sent | failed
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.period] })],
);
