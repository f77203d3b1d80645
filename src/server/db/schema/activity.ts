import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What happened, newest first on the dashboard: staff actions (who created a client, saved an
 * integration …) and detected events (a monitor went down, a provider sync failed …).
 */
export const activity = pgTable(
  'activity',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: text().notNull(), // info | success | warning
    action: text().notNull(), // e.g. client.created, monitor.down
    message: text().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Where the item leads in the app, e.g. /clients or /websites/internal/12. */
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_created_at_idx').on(t.createdAt)],
);
