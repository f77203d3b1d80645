import { deliverJob, flushJob } from './alerts/deliver';
import { auditRetentionJob } from './audit/retention';
import { purgeJob } from './auth/purge';
import { passwordResetJob } from './auth/reset';
import { backupAlertsJob } from './backups/alerts';
import { domainsJob } from './checks/domains';
import { pruneJob, rollupJob } from './checks/rollup';
import { batchJob } from './checks/run';
import { schedulerJob } from './checks/schedule';
import type { JobSpec } from './core/jobs/engine';
import { upkeepJob } from './db/upkeep';
import { mailJob } from './email/job';
import { incidentOpenedJob } from './incidents/announce';
import { invitationMailJob } from './invitations';
import { maintenanceStartsJob } from './maintenance/starts';
import { reportSendJob, reportsDueJob } from './reports/deliveries';
import { findingsAlertJob, findingsDigestJob } from './security/alerts';
import { findingHistoryJob } from './security/history';
import { securityWarmJob } from './security/warm';
import type { Services } from './services';
import { backupNowJob } from './sync/backup-now';
import { monitorsSyncJob } from './sync/betteruptime';
import { figuresJob } from './sync/betteruptime-figures';
import { dispatchJob } from './sync/dispatch';
import { gridpaneSyncJob } from './sync/gridpane';
import { gridpaneBackupsJob } from './sync/gridpane-backups';
import { factsJob } from './sync/hdsnapshot';
import { kinstaSyncJob } from './sync/kinsta';
import { pluginDirectoryJob } from './sync/plugin-directory';
import { referenceJobs } from './sync/references';
import { restoreJob } from './sync/restore';
import { updateSiteJob } from './sync/update-site';
import { advanceUpdatesJob } from './updates/runs';
import { importJob, matchJob } from './vulnerabilities/import';
import { healthJob } from './websites/health-job';

/** Every kind of background work Agency Hub does: each area defines its own, the engine runs them all. */
export const jobSpecs = (services: Services): JobSpec<never>[] => [
  gridpaneSyncJob(services),
  gridpaneBackupsJob(services),
  backupNowJob(services),
  restoreJob(services),
  backupAlertsJob(services),
  advanceUpdatesJob(services),
  updateSiteJob(services),
  kinstaSyncJob(services),
  monitorsSyncJob(services),
  figuresJob(services),
  dispatchJob(services),
  purgeJob(services),
  passwordResetJob(services),
  mailJob(services),
  invitationMailJob(services),
  healthJob(services),
  maintenanceStartsJob(services),
  schedulerJob(services),
  batchJob(services),
  rollupJob(services),
  pruneJob(services),
  domainsJob(services),
  incidentOpenedJob(services),
  deliverJob(services),
  flushJob(services),
  factsJob(services),
  ...referenceJobs(services),
  pluginDirectoryJob(services),
  importJob(services),
  matchJob(services),
  findingsAlertJob(services),
  findingsDigestJob(services),
  findingHistoryJob(services),
  securityWarmJob(services),
  reportsDueJob(services),
  reportSendJob(services),
  auditRetentionJob(services),
  upkeepJob(services.database),
];
