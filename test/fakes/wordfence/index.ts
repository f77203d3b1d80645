export { FIXED_IDS, fixedRecords, generatedRecord, type RawRecord, scannerRecord } from './records';
export {
  DEFAULT_FAKE_WORDFENCE_KEY,
  type FakeWordfence,
  type FakeWordfenceFailure,
  type FakeWordfenceOptions,
  type RecordedWordfenceRequest,
  startFakeWordfence,
} from './server';
