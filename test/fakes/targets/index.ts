export { type FakeCertificate, makeCertificate } from './certs';
export { KEYWORD } from './pages';
export { type FakeTargets, type FakeTargetsOptions, startFakeTargets } from './server';
