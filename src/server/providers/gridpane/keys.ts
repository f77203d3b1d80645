import { defineJob } from '../../core/jobs/registry';

/** GridPane's name wherever our tables keep a provider (websites, provider records, integrations). */
export const GRIDPANE = 'gridpane' as const;

/** GridPane's servers and sites as kept in the provider cache. */
export const gridpaneServers = { provider: GRIDPANE, kind: 'servers' } as const;
export const gridpaneSites = { provider: GRIDPANE, kind: 'sites' } as const;

export type GridPaneSyncResult = { partial: boolean; servers: number; sites: number; skipped: number };

/** One GridPane refresh (servers, sites, our websites); a refresh asked for while one waits joins it. */
export const GRIDPANE_SYNC_JOB = defineJob<object, GridPaneSyncResult>('sync-gridpane');

/** Every site's backup schedules, as one paged list (read a few times a day, not per site). */
export const gridpaneBackupSchedules = { provider: GRIDPANE, kind: 'backup-schedules' } as const;

export type GridPaneBackupsRun = { read: number; failed: number; due: number; stoppedBy: string | null };

/** One round of reading GridPane sites' backups, the stalest first, within GridPane's limits. */
export const GRIDPANE_BACKUPS_JOB = defineJob<object, GridPaneBackupsRun>('read-gridpane-backups');
