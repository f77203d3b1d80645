import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Personal API tokens: act as their owner on the API (Authorization: Bearer …). */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    // SHA-256 of the token, which is shown once and never stored.
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires. */
    expiresAt: timestamp({ withTimezone: true }),
    /** A read-only token may only read (GET and HEAD). */
    readOnly: boolean().notNull().default(false),
    /** Refreshed at most once a minute. */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_idx').on(t.tokenHash),
    index('api_tokens_user_id_idx').on(t.userId),
  ],
);
