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

/** Every WordPress release with wordpress.org's verdict on it, one record per release. */
export const wporgReleases = { provider: WPORG, kind: 'core-releases' } as const;
export type CoreRelease = { verdict: 'latest' | 'outdated' | 'insecure' };

/** Reads core's verdict on every release (daily; skipped while the last good read is recent). */
export const WPORG_RELEASES_JOB = defineJob<object, { read: boolean }>('read-wporg-releases');

/** Asks the plugin directory about the plugins the fleet runs (daily, and after each sweep of the sites). */
export const PLUGIN_DIRECTORY_JOB = defineJob<
  object,
  { asked: number; listed: number; closed: number; notListed: number }
>('read-plugin-directory');
