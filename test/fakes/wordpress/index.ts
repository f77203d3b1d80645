export { CRITICAL_ERROR, siteTitleFor } from './pages';
export {
  DEFAULT_FAKE_HDSNAPSHOT_TOKEN,
  type FakeWordPress,
  type FakeWordPressOptions,
  mixedCases,
  startFakeWordPress,
  type WordPressCase,
  type WordPressRequest,
} from './server';
export { snapshotFor } from './snapshot';
export {
  compareVersions,
  connectWpCli,
  domainOfUrl,
  type FakeWordPressUpdate,
  nextMinorRelease,
  type UpdateBehaviour,
  type WpCliGroup,
} from './updates';
