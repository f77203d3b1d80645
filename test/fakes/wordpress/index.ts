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
