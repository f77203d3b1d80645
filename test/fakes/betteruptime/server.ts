import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FailureOptions, FailureSchedule, fakeTimers, trickleBody } from '../faults';
import { generateFleet } from '../gridpane/fleet';
import { send } from '../gridpane/respond';
import { responseTimesBody, slaBody } from './metrics';
import { type FakeMonitorStatus, makeMonitors, monitorTimestamp, type RawMonitor } from './monitors';
import { type FakeBetterUptimeFailure, listPage, sendFailure } from './respond';

export type { FakeBetterUptimeFailure } from './respond';

/** A real HTTP Better Uptime (API v2) on 127.0.0.1, faithful to the real API's shapes and limits. */
export type FakeBetterUptimeOptions = {
  token?: string;
  /** Site domains or URLs to monitor; default: the sites of the default GridPane fake fleet. */
  sites?: string[];
  seed?: number;
  /** Status overrides, keyed by monitor id or by the site domain the monitor watches. */
  statuses?: Record<string, FakeMonitorStatus>;
  /** Page size when the client sends no per_page (Better Uptime: 50). */
  defaultPerPage?: number;
  /** Cap on per_page (Better Uptime: 250); set it low to force several pages. */
  maxPerPage?: number;
  /** Build pagination links on this origin instead of the request's own (to test link checking). */
  linkOrigin?: string;
  /** How long 'slow' waits before answering, and how long 'slow_body' spreads its body over. */
  slowMs?: number;
  /** The `Retry-After` (seconds) of the 'rate_limited' failure. */
  retryAfterSeconds?: number;
  port?: number;
};
export type RecordedRequest = { path: string; query: Record<string, string>; at: number; status?: number };

export const DEFAULT_FAKE_BETTERUPTIME_TOKEN = 'fake-betteruptime-token';
export const PREFIX = '/api/v2';

export async function startFakeBetterUptime(options: FakeBetterUptimeOptions = {}) {
  const token = options.token ?? DEFAULT_FAKE_BETTERUPTIME_TOKEN;
  const seed = options.seed ?? 1;
  const sites = (options.sites ?? generateFleet({ seed: options.seed }).sites.map((s) => String(s.url))).map(
    (s) => s.replace(/^https?:\/\//, '').replace(/\/+$/, ''),
  );
  const monitors = makeMonitors({ sites, seed, now: Date.now() });
  const requests: RecordedRequest[] = [];
  const pageOptions = {
    defaultPerPage: options.defaultPerPage ?? 50,
    maxPerPage: options.maxPerPage ?? 250,
    linkOrigin: options.linkOrigin,
  };
  const { delay, clear } = fakeTimers();
  const failures = new FailureSchedule<FakeBetterUptimeFailure>();

  const find = (id: string) => monitors.find((m) => m.id === id);
  function setStatus(id: string, status: FakeMonitorStatus) {
    const monitor = find(id);
    if (!monitor) throw new Error(`No fake monitor ${id}`);
    monitor.attributes.status = status;
    monitor.attributes.paused_at = status === 'paused' ? monitorTimestamp(Date.now()) : null;
  }
  for (const [key, status] of Object.entries(options.statuses ?? {})) {
    const domain = (m: RawMonitor) =>
      String(m.attributes.url)
        .replace(/^https:\/\/(www\.)?/, '')
        .replace(/\/$/, '');
    for (const m of monitors.filter((m) => m.id === key || domain(m) === key)) setStatus(m.id, status);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const record: RecordedRequest = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      at: Date.now(),
    };
    requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });
    const mode = failures.take();
    if (mode === 'slow') await delay(options.slowMs ?? 3000);
    else if (mode === 'slow_body') trickleBody(res, options.slowMs ?? 3000, delay);
    else if (mode) return sendFailure(res, mode, options.retryAfterSeconds);
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(res, 401, { errors: 'Invalid Team API token' });

    const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : null;
    if (req.method === 'GET' && path === '/monitors')
      return send(res, 200, listPage(monitors, url, pageOptions));
    const match = /^\/monitors\/([^/]+)(\/sla|\/response-times)?$/.exec(path ?? '');
    if (req.method !== 'GET' || !match) return send(res, 404, { errors: 'Not found' });
    const monitor = find(decodeURIComponent(match[1]!));
    if (!monitor) return send(res, 404, { errors: 'Resource with provided ID was not found' });
    if (match[2] === '/response-times') return send(res, 200, responseTimesBody(monitor, seed, Date.now()));
    if (match[2] === '/sla') {
      const query = { from: url.searchParams.get('from'), to: url.searchParams.get('to') };
      const sla = slaBody(monitor, query, seed, Date.now());
      return sla.error ? send(res, 400, { errors: sla.error }) : send(res, 200, sla.body);
    }
    return send(res, 200, { data: monitor });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { errors: 'Fake Better Uptime crashed' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    token,
    monitors,
    requests,
    /** `after`: answer that many requests normally first; `times`: fail only that many, then recover. */
    setFailure(mode: FakeBetterUptimeFailure | null, opts: FailureOptions = {}) {
      failures.set(mode, opts);
    },
    setStatus,
    async close() {
      clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeBetterUptime = Awaited<ReturnType<typeof startFakeBetterUptime>>;
