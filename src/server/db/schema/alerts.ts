import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { incidents } from './incidents';
import { tags } from './tags';
import { users } from './users';

/** Where alerts go: an email address, a Slack-compatible incoming webhook, or a signed webhook. */
export const alertChannels = pgTable('alert_channels', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  kind: text().notNull(), // email | slack | webhook
  name: text().notNull(),
  /** The email address, or the webhook URL (Slack URLs carry their secret: sealed as well). */
  target: text().notNull(),
  /** AES-256-GCM sealed: the webhook signing secret (shown once), and the target of a Slack channel. */
  secret: text(),
  enabled: boolean().notNull().default(true),
  createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type AlertChannelRow = typeof alertChannels.$inferSelect;

/** A channel's rules: with none it receives every incident; with some, only those of clients so tagged. */
export const alertChannelTags = pgTable(
  'alert_channel_tags',
  {
    channelId: integer()
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.tagId] })],
);

/**
 * Each alert, once: written in the same transaction as what caused it, sent by a job that retries with
 * backoff while the channel fails. Unique per incident, event and channel, so three instances seeing
 * one outage send one "down" and one "up".
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer()
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    incidentId: integer().references(() => incidents.id, { onDelete: 'cascade' }),
    /** opened | resolved | certificate | domain | test */
    event: text().notNull(),
    /** What the alert is about beyond the incident (a certificate's host and threshold …). */
    subjectKey: text().notNull().default(''),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    status: text().notNull().default('pending'), // pending | sent | failed
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** While a try is sending it (or until its instance would have given up): no other try starts. */
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_deliveries_once_idx')
      .on(t.channelId, t.event, t.subjectKey)
      .where(sql`${t.event} <> 'test'`),
    index('alert_deliveries_incident_id_idx').on(t.incidentId),
    index('alert_deliveries_created_at_idx').on(t.createdAt),
  ],
);
