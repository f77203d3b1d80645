export {
  type FakeKinsta,
  type FakeKinstaOptions,
  type FakeWriteBody,
  startFakeKinsta,
} from './server';
export type {
  FakeRestore,
  FakeSoftwareKind,
  FakeUpdate,
  FakeUpdateBehaviour,
  FakeUser,
  KinstaState,
} from './state';
