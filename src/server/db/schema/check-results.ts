import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { checks } from './checks';

/**
 * One row per check run, kept for CHECK_RESULTS_DAYS (7 by default): narrow on purpose (10,000 checks
 * a minute is 14 million rows a day). Keyed by the run's due time, so a run retried after a crash is
 * recorded once; lag_ms is how late it started. Errors are stored only for failures.
 */
export const checkResults = pgTable(
  'check_results',
  {
    checkId: integer()
      .notNull()
      .references(() => checks.id, { onDelete: 'cascade' }),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    lagMs: integer().notNull(),
    ok: boolean().notNull(),
    responseMs: integer(),
    statusCode: smallint(),
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.dueAt] }), index('check_results_due_at_idx').on(t.dueAt)],
);

/** Results summed per hour and per day, kept for a year: uptime and response times of older periods. */
export const checkRollups = pgTable(
  'check_rollups',
  {
    checkId: integer()
      .notNull()
      .references(() => checks.id, { onDelete: 'cascade' }),
    period: text().notNull(), // hour | day
    startsAt: timestamp({ withTimezone: true }).notNull(),
    samples: integer().notNull(),
    failures: integer().notNull(),
    /** Sum and count of response times of the runs that got an answer (an average needs both). */
    responseMsSum: integer().notNull(),
    responses: integer().notNull(),
    /** The first result of the hour or day: measured time begins there, not at the bucket's start. */
    firstAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.checkId, t.period, t.startsAt] }),
    index('check_rollups_starts_at_idx').on(t.startsAt),
  ],
);
