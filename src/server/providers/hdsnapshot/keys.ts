import { defineJob } from '../../core/jobs/registry';

/** HD Snapshot's name wherever our tables keep a provider. */
export const HDSNAPSHOT = 'hdsnapshot' as const;

/** The last snapshot each site's plugin answered, kept in the provider cache by GridPane site id. */
export const snapshotsKey = { provider: HDSNAPSHOT, kind: 'snapshots' } as const;

/** Asks the HD Snapshot plugin of every site not asked lately for its WordPress facts. */
export const FACTS_JOB = defineJob<object, { answered: number; failed: number }>('website-facts');
