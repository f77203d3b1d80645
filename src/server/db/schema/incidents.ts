import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { checks } from './checks';
import { websites } from './websites';

/** A failing response kept with its incident: what people and alerts show as the cause. */
export type IncidentFailure = {
  at: string;
  status: number | null;
  error: string | null;
  responseMs: number | null;
};

/**
 * Something was down, from our checks or Better Uptime's monitors, one list for both; several sites of
 * one server going down together become children of one server incident (source "server").
 */
export const incidents = pgTable(
  'incidents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    source: text().notNull(), // check | monitor | server
    checkId: integer().references(() => checks.id, { onDelete: 'set null' }),
    monitorId: text(),
    websiteId: integer().references(() => websites.id, { onDelete: 'set null' }),
    serverId: text(),
    parentId: integer().references((): AnyPgColumn => incidents.id, { onDelete: 'set null' }),
    title: text().notNull(),
    cause: text(),
    failures: jsonb().$type<IncidentFailure[]>().notNull().default([]),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    /** Why it ended: up | paused | removed | maintenance | check-deleted (null while open). */
    endReason: text(),
    /** When its "down" and "up" alerts went out (once each; never for one taken into a server's). */
    openAlertedAt: timestamp({ withTimezone: true }),
    closeAlertedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // At most one open incident per check, per monitor and per server, whichever instance opens it.
    uniqueIndex('incidents_open_check_idx')
      .on(t.checkId)
      .where(sql`${t.endedAt} is null and ${t.source} = 'check'`),
    uniqueIndex('incidents_open_monitor_idx')
      .on(t.monitorId)
      .where(sql`${t.endedAt} is null and ${t.source} = 'monitor'`),
    uniqueIndex('incidents_open_server_idx')
      .on(t.serverId)
      .where(sql`${t.endedAt} is null and ${t.source} = 'server'`),
    index('incidents_started_at_idx').on(t.startedAt),
    index('incidents_website_id_idx').on(t.websiteId),
    index('incidents_parent_id_idx').on(t.parentId),
  ],
);
export type IncidentRow = typeof incidents.$inferSelect;
