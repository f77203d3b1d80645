import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';
import { websites } from './websites';

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
    /** The client and website it is about, if any: a client's page shows what happened to it and its sites. */
    clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
    websiteId: integer().references(() => websites.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** As for notifications: repeated events of one topic within an hour are one entry counting its downs. */
    topic: text(),
    downs: integer().notNull().default(0),
    firstAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('activity_created_at_idx').on(t.createdAt),
    index('activity_topic_idx').on(t.topic, t.createdAt),
    index('activity_client_id_idx').on(t.clientId),
    index('activity_website_id_idx').on(t.websiteId),
  ],
);
