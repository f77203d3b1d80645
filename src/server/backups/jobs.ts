import { defineJob } from '../core/jobs/registry';

/** Takes one backup someone asked for at the website's host, and follows it until it is taken. */
export const BACKUP_NOW_JOB = defineJob<{ requestId: number }>('backup-now');

/** Puts one of a website's backups back at its host, after taking a backup of the site as it is. */
export const RESTORE_JOB = defineJob<{ requestId: number }>('restore-backup');

/** Alerts the websites whose newest backup became too old, and those backed up again. */
export const BACKUP_ALERTS_JOB = defineJob('backup-alerts');
