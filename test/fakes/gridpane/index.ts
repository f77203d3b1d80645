export type { FailureOptions } from '../faults';
export {
  BACKUP_HOUR,
  backupPlan,
  FAKE_BACKUP_SERVICE,
  type FakeBackup,
  type FakeBackupPattern,
  type FakeBackupPlan,
  type FakeRestore,
  fakeBackupsOf,
  LOCAL_BACKUP_DAYS,
  LOCAL_RETAIN_DAYS,
  latestBackupSlot,
  newestFakeBackup,
  REMOTE_BACKUP_DAYS,
  REMOTE_RETAIN_DAYS,
} from './backups';
export { type Fleet, type FleetOptions, generateFleet, type RawObject } from './fleet';
export type { LimitSettings } from './limits';
export type { FailureMode, Wrapper } from './respond';
export {
  API_PREFIX,
  DEFAULT_FAKE_TOKEN,
  type FakeGridPane,
  type FakeGridPaneOptions,
  type RecordedRequest,
  startFakeGridPane,
} from './server';
export {
  type FakeWpCliRun,
  type OnWpCli,
  type WpCliCommands,
  wpCliAnswer,
  wpCliCommandsOf,
} from './wp-cli';
