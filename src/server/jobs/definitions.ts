import { deliverJob, flushJob } from '../alerts/deliver';
import { purgeJob } from '../auth/purge';
import { domainsJob } from '../checks/domains';
import { pruneJob, rollupJob } from '../checks/rollup';
import { batchJob } from '../checks/run';
import { schedulerJob } from '../checks/schedule';
import { upkeepJob } from '../db/upkeep';
import { factsJob } from '../fleet/facts';
import { incidentOpenedJob } from '../incidents/announce';
import { gridpaneSyncJob } from '../integrations/gridpane-sync';
import { figuresJob } from '../monitors/figures';
import { monitorsSyncJob } from '../monitors/sync';
import { reportSendJob, reportsDueJob } from '../reports/deliveries';
import type { Services } from '../services';
import { dispatchJob } from './dispatch';
import type { JobSpec } from './engine';

/** Every kind of background work Agency Hub does: each area defines its own, the engine runs them all. */
export const jobSpecs = (services: Services): JobSpec<never>[] => [
  gridpaneSyncJob(services),
  monitorsSyncJob(services),
  figuresJob(services),
  dispatchJob(services),
  purgeJob(services),
  schedulerJob(services),
  batchJob(services),
  rollupJob(services),
  pruneJob(services),
  domainsJob(services),
  incidentOpenedJob(services),
  deliverJob(services),
  flushJob(services),
  factsJob(services),
  reportsDueJob(services),
  reportSendJob(services),
  upkeepJob(services),
];
