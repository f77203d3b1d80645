import { defineJob } from '../../core/jobs/registry';

/** Wordfence Intelligence's name wherever our tables keep a provider. */
export const WORDFENCE = 'wordfence' as const;
/** How people know it: messages and pages name it so. */
export const WORDFENCE_LABEL = 'Wordfence Intelligence';

/** WORDFENCE_API_URL when it is not set; the feed's paths are appended to it. */
export const DEFAULT_WORDFENCE_API_URL = 'https://www.wordfence.com/api/intelligence/v3';

/**
 * The two feeds: `production` has full records (severity, CVE, description), `scanner` slim ones for
 * matching only (no severity). Use production whenever severity matters.
 */
export type WordfenceFeed = 'production' | 'scanner';

/** The feed's import: daily, and as soon as the integration is saved. */
export const WORDFENCE_IMPORT_JOB = defineJob<{ force?: boolean }, { imported: boolean; records?: number }>(
  'import-wordfence',
);
