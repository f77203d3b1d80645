import type { JobSpec } from '../core/jobs/engine';
import type { Services } from '../services';
import { pruneAudit } from './service';

/** Once a day across instances: audit entries older than AUDIT_RETENTION_DAYS are deleted. */
export const auditRetentionJob = (services: Services): JobSpec => ({
  name: 'audit-retention',
  policy: 'stately',
  retryLimit: 1,
  cron: '53 3 * * *',
  run: async () => {
    await pruneAudit(services, services.config.auditRetentionDays);
  },
});
