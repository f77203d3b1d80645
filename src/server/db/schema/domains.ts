import { pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Registration expiry of the registered domains our checks point at, from RDAP once a day. */
export const domains = pgTable('domains', {
  domain: text().primaryKey(),
  state: text().notNull().default('pending'), // pending | known | unknown
  expiresAt: timestamp({ withTimezone: true }),
  /** Why it is unknown, in words ("the registry does not publish an expiry date" …). */
  reason: text(),
  checkedAt: timestamp({ withTimezone: true }),
  /** The last warning threshold sent (30, 14, 7, 0 days) for the expiry it was sent for. */
  warnedDays: smallint(),
  warnedFor: timestamp({ withTimezone: true }),
});
