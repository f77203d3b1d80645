import { defineJob } from '../../core/jobs/registry';

/** wordpress.org's name wherever our tables keep a provider. */
export const WPORG = 'wporg' as const;
/** How people know it: messages and the fleet page name it so. */
export const WPORG_LABEL = 'wordpress.org';

/** The latest WordPress release as last read, kept in the provider cache as one record. */
export const wporgCore = { provider: WPORG, kind: 'core' } as const;
export const CORE_LATEST_ID = 'latest';
export type CoreLatest = { latest: string };

/** Reads the latest WordPress release (daily; skipped while the last good read is recent). */
export const WPORG_CORE_JOB = defineJob<object, { read: boolean }>('read-wporg-core');
