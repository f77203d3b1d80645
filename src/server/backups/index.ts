/**
 * What other areas use of backups: keeping what a host says of a website's backups (the hosts' syncs),
 * and the one rule of a website's backup state.
 */

export { websitesDueBackupRead } from './due';
export { BACKUP_NOW_JOB, RESTORE_JOB } from './jobs';
export {
  type BackupRequestRow,
  backupRequestToRun,
  backupsTakenOverPeriod,
  backupToRestore,
  createSafetyRequest,
  createUpdateBackupRequest,
  finishBackupRequest,
  recordBackupOperation,
  startBackupRequest,
} from './requests';
export { type BackupReading, type BackupRecord, recordBackupError, recordBackups } from './store';
export { backupStateSql, lastBackupsBefore } from './views';
