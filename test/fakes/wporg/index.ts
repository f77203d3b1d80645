export { type FakeWporg, type FakeWporgOptions, startFakeWporg, type WporgRoute } from './server';
export { DEFAULT_WPORG_STATE, type WporgState } from './state';
