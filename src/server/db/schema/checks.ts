import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { websites } from './websites';

/**
 * Our own uptime checks: what to ask (the definition) and what it answered last (the state the lists
 * show without reading results). Runs are scheduled by next_due_at (src/server/checks/schedule.ts).
 */
export const checks = pgTable(
  'checks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    url: text().notNull(),
    intervalSeconds: integer().notNull(),
    timeoutSeconds: integer().notNull(),
    expectedStatus: text().notNull(),
    keyword: text(),
    keywordMode: text().notNull().default('present'), // present | absent
    confirmations: smallint().notNull(),
    websiteId: integer().references(() => websites.id, { onDelete: 'set null' }),
    paused: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The schedule: the next run's due time (claimed and moved on by the scheduler, once across instances).
    nextDueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The state after the last result.
    status: text().notNull().default('pending'), // pending | up | down
    /** When `status` (or being paused) last changed: a website's health says "down since …" from it. */
    statusSince: timestamp({ withTimezone: true }),
    consecutiveFailures: integer().notNull().default(0),
    lastCheckedAt: timestamp({ withTimezone: true }),
    lastResponseMs: integer(),
    lastStatusCode: smallint(),
    lastError: text(),
    // The certificate seen on the last https answer, and the last expiry warning sent for it.
    certValidTo: timestamp({ withTimezone: true }),
    certIssuer: text(),
    certSubject: text(),
    certWarnedDays: smallint(),
    certWarnedFor: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('checks_next_due_at_idx').on(t.nextDueAt).where(sql`not ${t.paused}`),
    index('checks_website_id_idx').on(t.websiteId),
  ],
);
export type CheckRow = typeof checks.$inferSelect;
