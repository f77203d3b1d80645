import { defineJob } from '../../core/jobs/registry';

/** The PHP release feed's name wherever our tables keep a provider. */
export const PHP_EOL = 'php-eol' as const;
/** Who publishes it: messages and the fleet page name it so. */
export const PHP_EOL_LABEL = 'endoflife.date';

/** PHP's branches with their end of life as last read: one record per branch, keyed by "8.3". */
export const phpBranches = { provider: PHP_EOL, kind: 'branches' } as const;

/** Reads PHP's branches and their end of life (daily; skipped while the last good read is recent). */
export const PHP_EOL_JOB = defineJob<object, { read: boolean }>('read-php-eol');
