import type { JobSpec } from '../core/jobs/engine';
import { defineJob } from '../core/jobs/registry';
import { endMonitorIncidentsInMaintenance } from '../monitors';
import type { Services } from '../services';

export const MAINTENANCE_STARTS_JOB = defineJob<object, number>('maintenance-starts');

/**
 * Every minute, once across instances: a window that started with time (scheduled, or a weekly one's
 * next occurrence) ends the open incidents of the Better Uptime monitors of the websites it covers, as
 * one started at once does when it is made.
 */
export const maintenanceStartsJob = (services: Services): JobSpec => ({
  name: MAINTENANCE_STARTS_JOB.name,
  policy: 'stately',
  retryLimit: 1,
  cron: '* * * * *',
  run: () => endMonitorIncidentsInMaintenance(services, services.clock.now()),
});
