import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the opaque cookie token: a database leak yields no usable session.
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What Settings shows and signs out by: never the token or its hash. */
    id: integer().notNull().generatedAlwaysAsIdentity(),
    rememberMe: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Refreshed at most once a minute, with the address and browser of that request. */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
    userAgent: text(),
    /** When this session last proved the second factor (at sign-in or when asked again); null: never. */
    secondFactorAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_id_idx').on(t.id),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);
