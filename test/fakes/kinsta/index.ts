export { type FakeKinsta, type FakeKinstaOptions, startFakeKinsta } from './server';
export type { FakeRestore, FakeUser, KinstaState } from './state';
