import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A detected event that needs someone's attention, per user, with its read state. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(), // warning | success | info
    title: text().notNull(),
    message: text().notNull(),
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * What it is about when one thing can say it again and again (a check, a monitor, a server): within
     * an hour, a new entry about the same topic replaces the last one and counts its downs since the
     * first (a flapping site is one line, not one a minute).
     */
    topic: text(),
    downs: integer().notNull().default(0),
    firstAt: timestamp({ withTimezone: true }),
    /**
     * The websites the news is about (none: the agency's own news, such as a provider failing). A person
     * limited to chosen clients reads an entry only while one of these is a website of theirs, so a
     * limit set later hides what came before it.
     */
    websiteIds: integer().array().notNull().default([]),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.readAt),
    index('notifications_topic_idx').on(t.userId, t.topic, t.createdAt),
  ],
);
