import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
