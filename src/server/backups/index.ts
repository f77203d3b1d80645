/**
 * What other areas use of backups: keeping what a host says of a website's backups (the hosts' syncs),
 * and the one rule of a website's backup state.
 */

export { websitesDueBackupRead } from './due';
export { type BackupReading, type BackupRecord, recordBackupError, recordBackups } from './store';
export { backupStateSql } from './views';
