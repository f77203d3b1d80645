import { defineJob } from '../core/jobs/registry';

/**
 * Moves the runs along: starts the scheduled ones whose time came, hands waiting sites to workers
 * (a few at a time, one per server, the canary first) and closes the runs whose sites are all over.
 */
export const ADVANCE_UPDATES_JOB = defineJob('update-runs-advance');

/** Runs one site's steps (window, health, backup, update, verify, rollback), resuming where it stopped. */
export const UPDATE_SITE_JOB = defineJob<{ runSiteId: number }>('update-site');
