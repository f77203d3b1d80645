import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { websites } from './websites';

/**
 * Each website's backups as its host last listed them (GridPane: local and off-site copies; Kinsta:
 * automatic, manual, system and downloadable ones per environment). Replaced by each read of the host;
 * written only by the backups area.
 */
export const websiteBackups = pgTable(
  'website_backups',
  {
    id: serial().primaryKey(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** One backup's identity within its website (where it is kept, its kind and the host's name for it). */
    key: text().notNull(),
    /** The host's own name for it: what a restore asks the host for. */
    ref: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    kind: text().notNull(), // automatic | manual | downloadable | system
    location: text(), // local | remote; null when the host does not say
    service: text(),
    note: text(),
    sizeBytes: bigint({ mode: 'number' }),
  },
  (t) => [
    uniqueIndex('website_backups_key_idx').on(t.websiteId, t.key),
    index('website_backups_website_at_idx').on(t.websiteId, t.at),
  ],
);

/**
 * What each website's host last said of its backups as a whole: when it was read, the newest backup
 * (kept here so the fleet's list sorts and counts by it with an index), the schedule and retention.
 * A null is "the host does not say", never "off". No row: never read.
 */
export const websiteBackupStatus = pgTable(
  'website_backup_status',
  {
    websiteId: integer()
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    host: text().notNull(),
    /** The last good read of the host's backups. */
    readAt: timestamp({ withTimezone: true }),
    lastBackupAt: timestamp({ withTimezone: true }),
    lastLocation: text(),
    schedule: text(), // hourly | daily | weekly | monthly
    automatic: boolean(),
    remote: boolean(),
    retentionDays: integer(),
    /** Hours after which this website's newest backup is too old; null: the agency's default. */
    thresholdHours: integer(),
    /**
     * When the newest backup becomes too old: its time plus the website's threshold. Kept beside the
     * two it follows (written with either), so "too old" is one comparison an index serves.
     */
    oldAfter: timestamp({ withTimezone: true }),
    /**
     * When the team was told the newest backup is too old (or there is none): once, until a backup
     * lands and they are told it is back in order.
     */
    overdueAlertedAt: timestamp({ withTimezone: true }),
    /** The last read's failure; the backups kept are those of the last good read. */
    error: text(),
    errorAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('website_backup_status_last_idx').on(t.lastBackupAt, t.websiteId),
    index('website_backup_status_old_after_idx').on(t.oldAfter, t.websiteId),
  ],
);

/**
 * A backup a person asked for (or a restore's safety copy), its progress and its outcome: the job that
 * takes it writes here, the page that asked follows it by id. Written only by the backups area.
 */
export const backupRequests = pgTable(
  'backup_requests',
  {
    id: serial().primaryKey(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    host: text().notNull(),
    /** backup: take one now | restore: put one of the website's backups back (a safety backup first) */
    action: text().notNull().default('backup'),
    /** A restore: the backup put back, as it was listed when asked (it may be pruned later). */
    restoreBackupId: integer().references(() => websiteBackups.id, { onDelete: 'set null' }),
    restoreBackupAt: timestamp({ withTimezone: true }),
    restoreBackupNote: text(),
    /** A restore: the backup taken first, of the site as it was. */
    safetyRequestId: integer(),
    /** GridPane: on the server or off-site; null where the host keeps its own (Kinsta). */
    location: text(),
    tag: text().notNull(),
    /** requested (a person's "back up now") | before-restore (the copy a restore takes first) | before-update */
    reason: text().notNull().default('requested'),
    status: text().notNull(), // queued | running | succeeded | failed
    message: text(),
    /** The host's id of an operation it runs in the background (Kinsta), while it is followed. */
    operationId: text(),
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('backup_requests_website_idx').on(t.websiteId, t.requestedAt)],
);
