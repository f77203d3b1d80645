import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { websites } from './websites';

/**
 * Each website's health as the health rule (src/server/websites/read-model.ts) last computed it, kept
 * so that the fleet's lists can filter, sort and count by health with an index instead of computing it
 * for 20,000 websites per request. Written only by that rule: on every change of what it reads (a
 * check's status, a monitor sync, a maintenance window) and every minute.
 */
export const websiteHealth = pgTable(
  'website_health',
  {
    websiteId: integer()
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    state: text().notNull(), // up | down | paused | maintenance | unknown | unmonitored
    source: text(), // check | betteruptime
    since: timestamp({ withTimezone: true }),
    /** Worst first, the order of a sort by health (down 0 … unmonitored 5). */
    severity: smallint().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('website_health_state_idx').on(t.state),
    index('website_health_severity_idx').on(t.severity, t.websiteId),
  ],
);
