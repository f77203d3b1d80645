export type { FailureOptions } from '../faults';
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
