export { type FakeKinsta, type FakeKinstaOptions, startFakeKinsta } from './server';
export type { KinstaState } from './state';
