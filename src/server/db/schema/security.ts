import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** False for the findings that stood when the feed was first read: recorded, not alerted. */
    alerted: boolean().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.vulnerabilityId, t.type, t.slug, t.version] })],
);

/**
 * Whether the alerts have their starting point (one row): the first run after the feed is first read
 * records what stands then without alerting; every later run alerts what is new.
 */
export const securityAlertsStart = pgTable('security_alerts_start', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true }).notNull(),
});
