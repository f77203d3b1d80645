import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/auth';
import { users } from './users';

/**
 * Invitations to join the team: the email, role and client limit an Admin chose, and the link's token,
 * stored only as its SHA-256. One is pending until accepted, revoked or replaced; the link works while
 * it is pending and not expired. Removing the inviter removes their invitations.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    role: text().$type<Role>().notNull(),
    /** The clients the person will be limited to; null: every client. */
    clientIds: integer().array(),
    tokenHash: text().notNull(),
    invitedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_idx').on(t.tokenHash),
    // One pending invitation per email, in any case.
    uniqueIndex('invitations_pending_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('invitations_invited_by_idx').on(t.invitedBy),
  ],
);
