import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/auth';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    /** viewer | staff | admin | owner: what the person may do. */
    role: text().$type<Role>().notNull().default('staff'),
    /** Two-factor sign-in: the TOTP secret, sealed; set while it is on. */
    totpSecret: text(),
    /** A secret being set up (shown once, not yet confirmed by a code), sealed. */
    totpPendingSecret: text(),
    /** The last time step a code was accepted for: a code is good once. */
    totpLastStep: integer(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** When the person last signed in (password, and second factor when on). */
    lastSignInAt: timestamp({ withTimezone: true }),
    /**
     * The clients a Staff member or Viewer is limited to (and through them those clients' websites,
     * checks, incidents, tasks and reports); null: every client. Admins and Owners are never limited.
     */
    clientIds: integer().array(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames and emails are unique regardless of case: "Alice" and "alice" are one person.
    uniqueIndex('users_username_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** Single-use recovery codes of two-factor sign-in, kept as hashes; a used one has usedAt. */
export const recoveryCodes = pgTable('recovery_codes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text().notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/**
 * Browsers where a person chose "remember this browser" at a two-factor sign-in: for 30 days the
 * password alone signs them in there. Kept as hashes of the cookie's token; listed and forgotten in
 * Settings, and all forgotten when two-factor sign-in is turned off.
 */
export const rememberedBrowsers = pgTable(
  'remembered_browsers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    uniqueIndex('remembered_browsers_token_idx').on(t.tokenHash),
    index('remembered_browsers_user_idx').on(t.userId),
  ],
);
