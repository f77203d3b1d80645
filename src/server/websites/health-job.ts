import type { JobSpec } from '../core/jobs/engine';
import { defineJob } from '../core/jobs/registry';
import type { Services } from '../services';
import { refreshHealth } from './read-model';

export const HEALTH_JOB = defineJob('website-health');

/**
 * Every minute, once across instances: the fleet's kept health computed anew. Maintenance windows
 * start and end with time, not with a write; and whatever changed without telling the health rule is
 * caught within a minute.
 */
export const healthJob = (services: Services): JobSpec => ({
  name: HEALTH_JOB.name,
  policy: 'stately',
  retryLimit: 1,
  cron: '* * * * *',
  run: () => refreshHealth(services, services.clock.now()),
});
