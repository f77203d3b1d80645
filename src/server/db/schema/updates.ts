import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { websites } from './websites';

/**
 * An update run a person asked for: what to update (as asked), how (canary, concurrency, whether a
 * recent backup is enough) and when. Written only by the updates area; its sites carry the plan and
 * the outcome.
 */
export const updateRuns = pgTable('update_runs', {
  id: serial().primaryKey(),
  status: text().notNull(), // scheduled | running | done | failed | cancelled
  title: text().notNull(),
  /** The items as asked: `{ type, slug?, targetVersion? }`. */
  items: jsonb().$type<{ type: string; slug?: string; targetVersion?: string }[]>().notNull(),
  canary: boolean().notNull().default(false),
  concurrency: integer().notNull(),
  skipBackupMinutes: integer(),
  requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  startsAt: timestamp({ withTimezone: true }).notNull(),
  startedAt: timestamp({ withTimezone: true }),
  finishedAt: timestamp({ withTimezone: true }),
  /** Someone cancelled it: sites not started are skipped, running ones finish their step (or roll back). */
  cancelRequestedAt: timestamp({ withTimezone: true }),
});

/**
 * One site of a run: its place in the run, the items planned for it (installed → target, and what
 * became of each), where it stands, and what its steps opened (a maintenance window, a backup).
 */
export const updateRunSites = pgTable(
  'update_run_sites',
  {
    id: serial().primaryKey(),
    runId: integer()
      .notNull()
      .references(() => updateRuns.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    domain: text().notNull(),
    host: text().notNull(),
    serverId: text(),
    position: integer().notNull(),
    status: text().notNull(),
    reason: text(),
    items: jsonb()
      .$type<{ type: string; slug: string | null; from: string; to: string; result: string }[]>()
      .notNull(),
    lastBackupAt: timestamp({ withTimezone: true }),
    /** When the run's coordinator handed it to a worker; null while it waits its turn. */
    claimedAt: timestamp({ withTimezone: true }),
    windowId: integer(),
    backupRequestId: integer(),
    /** The health read before the update: what "came back as it was" is judged against. */
    healthBefore: jsonb().$type<{
      status: number | null;
      responseMs: number | null;
      title?: string | null;
    }>(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('update_run_sites_run_idx').on(t.runId, t.position),
    // What is under way across runs: one site per server at a time.
    index('update_run_sites_active_idx')
      .on(t.serverId)
      .where(sql`${t.claimedAt} is not null and ${t.finishedAt} is null`),
  ],
);

/** Each step of a site, with its time and outcome: the run page's timeline and the run's resume point. */
export const updateRunSteps = pgTable(
  'update_run_steps',
  {
    id: serial().primaryKey(),
    runSiteId: integer()
      .notNull()
      .references(() => updateRunSites.id, { onDelete: 'cascade' }),
    step: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    result: text().notNull(), // started | ok | failed | skipped
    detail: text(),
  },
  (t) => [index('update_run_steps_site_idx').on(t.runSiteId, t.id)],
);
