import { defineJob } from '../../core/jobs/registry';

/** GridPane's name wherever our tables keep a provider (websites, provider records, integrations). */
export const GRIDPANE = 'gridpane' as const;

/** GridPane's servers and sites as kept in the provider cache. */
export const gridpaneServers = { provider: GRIDPANE, kind: 'servers' } as const;
export const gridpaneSites = { provider: GRIDPANE, kind: 'sites' } as const;

export type GridPaneSyncResult = { partial: boolean; servers: number; sites: number; skipped: number };

/** One GridPane refresh (servers, sites, our websites); a refresh asked for while one waits joins it. */
export const GRIDPANE_SYNC_JOB = defineJob<object, GridPaneSyncResult>('sync-gridpane');
