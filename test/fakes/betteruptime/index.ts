export { type FakeMonitorStatus, makeMonitors, type RawMonitor } from './monitors';
export {
  DEFAULT_FAKE_BETTERUPTIME_TOKEN,
  type FakeBetterUptime,
  type FakeBetterUptimeFailure,
  type FakeBetterUptimeOptions,
  type RecordedRequest,
  startFakeBetterUptime,
} from './server';
