import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who changed what, append-only: one row per successful change made through the API, written only by
 * `audit/`. Rows form a keyed hash chain: each stores the hash of the row before it and its own hash
 * over that and its fields, made with a key that never sits in the database, so a row altered, removed
 * or re-hashed in the database breaks the chain where it was. Actor names are copied, not referenced:
 * an entry outlives the person or token that made it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    actorType: text().notNull(), // user | token | system
    actorId: integer().notNull(),
    actorName: text().notNull(),
    // The personal API token the person acted through, when they did (its name as it was then).
    tokenId: integer(),
    tokenName: text(),
    action: text().notNull(), // e.g. clients.create, integrations.gridpane.update
    targetType: text().notNull(),
    targetId: text(),
    changes: jsonb(),
    ip: text(),
    userAgent: text(),
    requestId: text(),
    prevHash: text().notNull(),
    hash: text().notNull(),
    // 1: hashed without a key (written before the chain was keyed, re-keyed once at start); 2: keyed.
    hashVersion: smallint().notNull().default(1),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action),
  ],
);
