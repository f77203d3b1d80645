import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempts per account and per IP in the current window: the PostgreSQL store of
 * rate-limiter-flexible (src/server/auth/throttle.ts), whose column names and types it expects.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: varchar({ length: 255 }).primaryKey(),
    points: integer().notNull().default(0),
    /** Epoch milliseconds when the window ends. */
    expire: bigint({ mode: 'number' }),
  },
  (t) => [index('login_attempts_expire_idx').on(t.expire)],
);
