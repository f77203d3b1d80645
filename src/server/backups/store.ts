import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  BACKUP_THRESHOLD_HOURS,
  type BackupFrequency,
  type BackupKind,
  type BackupLocation,
} from '../../shared/backups';
import type { Db } from '../db/client';
import { websiteBackupStatus, websiteBackups } from '../db/schema';

/** One backup as a host lists it, ready to keep. */
export type BackupRecord = {
  /** Unique within the website: where it is kept, its kind and the host's name for it. */
  key: string;
  /** The host's own name for it (what a restore asks for). */
  ref: string;
  at: Date;
  kind: BackupKind;
  location: BackupLocation | null;
  service: string | null;
  note: string | null;
  sizeBytes: number | null;
};

/** What one read of a host says of a website's backups; every null is "the host does not say". */
export type BackupReading = {
  backups: BackupRecord[];
  schedule: BackupFrequency | null;
  automatic: boolean | null;
  remote: boolean | null;
  retentionDays: number | null;
};

const HOUR_MS = 3_600_000;

/**
 * When a newest backup taken at `lastAt` becomes too old under a threshold (null: the default). The
 * SQL twin below must agree: both are the one place `old_after` is computed.
 */
const oldAfterOf = (lastAt: Date | null, thresholdHours: number | null) =>
  lastAt ? new Date(lastAt.getTime() + (thresholdHours ?? BACKUP_THRESHOLD_HOURS) * HOUR_MS) : null;
const oldAfterSql = (lastAt: SQL, thresholdHours: SQL) =>
  sql`${lastAt} + make_interval(hours => ${thresholdHoursSql(thresholdHours)})`;

/** A website's threshold in SQL: its own, or the default. */
export const thresholdHoursSql = (own: SQL) => sql`coalesce(${own}, ${BACKUP_THRESHOLD_HOURS}::int)`;

/**
 * Keeps one read of a website's backups: its list replaces the last one (a backup the host no longer
 * lists was pruned), and the status says when it was read and which backup is the newest. One
 * transaction, so the list and its status never disagree.
 */
export async function recordBackups(
  db: Db,
  websiteId: number,
  host: string,
  reading: BackupReading,
  at: Date,
): Promise<void> {
  const newest = reading.backups.reduce<BackupRecord | null>(
    (best, b) => (!best || b.at > best.at ? b : best),
    null,
  );
  await db.transaction(async (tx) => {
    const keys = reading.backups.map((b) => b.key);
    await tx
      .delete(websiteBackups)
      .where(
        keys.length
          ? and(eq(websiteBackups.websiteId, websiteId), notInArray(websiteBackups.key, keys))
          : eq(websiteBackups.websiteId, websiteId),
      );
    for (let i = 0; i < reading.backups.length; i += 500) {
      const chunk = reading.backups.slice(i, i + 500).map((b) => ({ websiteId, ...b }));
      await tx
        .insert(websiteBackups)
        .values(chunk)
        .onConflictDoNothing({ target: [websiteBackups.websiteId, websiteBackups.key] });
    }
    const status = {
      host,
      readAt: at,
      lastBackupAt: newest?.at ?? null,
      lastLocation: newest?.location ?? null,
      schedule: reading.schedule,
      automatic: reading.automatic,
      remote: reading.remote,
      retentionDays: reading.retentionDays,
      error: null,
      errorAt: null,
    };
    await tx
      .insert(websiteBackupStatus)
      .values({ websiteId, ...status, oldAfter: oldAfterOf(status.lastBackupAt, null) })
      .onConflictDoUpdate({
        target: websiteBackupStatus.websiteId,
        set: {
          ...status,
          oldAfter: oldAfterSql(sql`excluded.last_backup_at`, sql`website_backup_status.threshold_hours`),
        },
      });
  });
}

/**
 * Sets the hours after which one website's newest backup is too old (null: back to the default), and
 * moves when it becomes too old with it. A website never read yet keeps the setting for its first read.
 */
export async function recordBackupThreshold(
  db: Db,
  websiteId: number,
  host: string,
  thresholdHours: number | null,
): Promise<void> {
  await db
    .insert(websiteBackupStatus)
    .values({ websiteId, host, thresholdHours })
    .onConflictDoUpdate({
      target: websiteBackupStatus.websiteId,
      set: {
        thresholdHours,
        oldAfter: oldAfterSql(sql`website_backup_status.last_backup_at`, sql`excluded.threshold_hours`),
      },
    });
}

/**
 * A read of a website's backups failed: the reason is kept beside the last good read, which stays
 * (a host that did not answer has not deleted anything).
 */
export async function recordBackupError(
  db: Db,
  websiteId: number,
  host: string,
  message: string,
  at: Date,
): Promise<void> {
  await db
    .insert(websiteBackupStatus)
    .values({ websiteId, host, error: message, errorAt: at })
    .onConflictDoUpdate({ target: websiteBackupStatus.websiteId, set: { error: message, errorAt: at } });
}
