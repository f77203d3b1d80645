import { defineJob } from '../../core/jobs/registry';

/** Kinsta's name wherever our tables keep a provider (websites, provider records, integrations). */
export const KINSTA = 'kinsta' as const;

/** Kinsta's sites (with their environments) as kept in the provider cache, one row per site. */
export const kinstaSites = { provider: KINSTA, kind: 'sites' } as const;

export type KinstaSyncResult = { sites: number; environments: number; skipped: number };

/** One Kinsta refresh (its sites, our websites); a refresh asked for while one waits joins it. */
export const KINSTA_SYNC_JOB = defineJob<object, KinstaSyncResult>('sync-kinsta');
