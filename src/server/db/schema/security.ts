import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { websites } from './websites';

/**
 * Findings an Admin set aside on one website, with why and until when: a dismissed finding is shown
 * as such, leaves the open counts, and comes back on its own once `until` has passed.
 */
export const securityDismissals = pgTable(
  'security_dismissals',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    vulnerabilityId: text().notNull(),
    type: text().notNull(), // plugin | theme | core
    slug: text().notNull(),
    reason: text().notNull(),
    until: timestamp({ withTimezone: true }).notNull(),
    dismissedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    dismissedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.vulnerabilityId, t.type, t.slug] })],
);

/**
 * Every open critical or high finding the alert channels were told of (or that stood when the feed
 * was first read, which the Security page shows rather than a flood of alerts): once per site,
 * vulnerability and installed version, so a site that updates into another affected version is news
 * again and nothing else is.
 */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    vulnerabilityId: text().notNull(),
    type: text().notNull(),
    slug: text().notNull(),
    version: text().notNull(),
    /**
     * False for the findings that stood when the feed was first read (recorded, not alerted), for those
     * waiting for the daily digest, and for those the digest found fixed or dismissed by then.
     */
    alerted: boolean().notNull(),
    /** Waits for the next daily digest (the agency chose one digest a day); false once it ran. */
    digestDue: boolean().notNull().default(false),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.vulnerabilityId, t.type, t.slug, t.version] }),
    index('security_alerts_digest_due_idx').on(t.websiteId).where(sql`${t.digestDue}`),
  ],
);

/**
 * Whether the alerts have their starting point (one row): the first run after the feed is first read
 * records what stands then without alerting; every later run alerts what is new.
 */
export const securityAlertsStart = pgTable('security_alerts_start', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The websites each security job (`alerts`, `history`) has yet to look at again, because something
 * their findings are read from changed. Queued by triggers in the transaction that wrote the change (a
 * site's plugin list, its WordPress version or whether its software is known, the site removed or put
 * back, a version it runs newly matched against the feed in force; for the alerts a dismissal changed
 * or dropped), so a website is queued exactly when what changed is visible; and by the jobs for what
 * no row says (a new feed generation queues every website, a dismissal ends with time). A job takes a
 * batch, looks at those websites and removes them in one transaction. No foreign key: a website being
 * deleted queues itself as its plugin rows go, and a queued id of a website gone finds nothing.
 */
export const securityPending = pgTable(
  'security_pending',
  {
    job: text().notNull(),
    websiteId: integer().notNull(),
    /** When it was last queued: queuing again rewrites the row, so a job taking it waits for that writer. */
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.websiteId] })],
);

/**
 * Where each security job (`alerts`, `history`) stands (one row per job): the feed generation whose
 * websites it has queued (a new generation queues the fleet once), and for the alerts whether what it
 * records is the first look at the feed (recorded without alerting) and up to when ended dismissals
 * were queued.
 */
export const securityWatermarks = pgTable('security_watermarks', {
  job: text().primaryKey(),
  generation: integer().notNull(),
  /** The alerts' first pass over the fleet is under way: what it records stood before, no alert. */
  quiet: boolean().notNull().default(false),
  /** Dismissals that ended up to this minute have had their websites queued. */
  dismissalsAt: timestamp({ withTimezone: true }),
});

/**
 * When each finding (one vulnerability of one piece of software on one website, whatever its
 * severity) was open: opened the first time a run finds it open, closed the first run it is no longer
 * found on a site whose software is known (updated past the fix, removed, or withdrawn from the feed).
 * At most one open row per finding; what the finding was (title, severity, the software's name, the
 * version and its fix) is kept as it was when it opened. Dismissals do not open or close anything.
 */
export const securityFindingHistory = pgTable(
  'security_finding_history',
  {
    id: serial().primaryKey(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    vulnerabilityId: text().notNull(),
    type: text().notNull(), // plugin | theme | core
    slug: text().notNull(),
    name: text().notNull(),
    title: text().notNull(),
    severity: text().notNull(),
    reference: text().notNull(),
    /** The version installed when it opened, and the release that fixes that version (null: none yet). */
    openedVersion: text().notNull(),
    patchedVersion: text(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    /** Null while open. */
    closedAt: timestamp({ withTimezone: true }),
    /** The version installed when it closed; null when the software was no longer installed. */
    closedVersion: text(),
  },
  (t) => [
    uniqueIndex('security_finding_history_open_idx')
      .on(t.websiteId, t.vulnerabilityId, t.type, t.slug)
      .where(sql`${t.closedAt} is null`),
    index('security_finding_history_website_idx').on(t.websiteId, t.openedAt),
  ],
);

/**
 * When the findings' history began (one row): before it nobody recorded findings, so a report says
 * its security figures are measured only since then.
 */
export const securityFindingHistoryStart = pgTable('security_finding_history_start', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true }).notNull(),
});
