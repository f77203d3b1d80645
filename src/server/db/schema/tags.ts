import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const tags = pgTable(
  'tags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    color: text().notNull().default('#3b82f6'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // "Urgent" and "urgent" are one tag; the index also serves the case-insensitive ordering of the list.
  (t) => [uniqueIndex('tags_name_idx').on(sql`lower(${t.name})`)],
);

export type TagRow = typeof tags.$inferSelect;
