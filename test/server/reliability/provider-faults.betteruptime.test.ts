import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeTime } from '../../../src/server/core/outbound/provider-test-helpers';
import {
  type FakeBetterUptime,
  type FakeBetterUptimeFailure,
  startFakeBetterUptime,
} from '../../fakes/betteruptime';
import { generateFleet } from '../../fakes/gridpane';
import {
  expectCacheKept,
  expectNoRawBody,
  expectPaced,
  expectProviderError,
  faultTable,
  type SignedInApp,
  SLOW_MS,
  signedInApp,
  TIMEOUT_MS,
  timed,
} from './provider-faults';

/**
 * Provider faults for Better Uptime (outbound limits, last good cache served, wait headers honoured,
 * malformed JSON never overwriting good data): each fault on a refresh of GET /api/monitors (the
 * Uptime page's refresh) keeps the cached monitors and their figures, says what went wrong and when we
 * last synced, and never 500s. Better Uptime's only wait hint is a standard Retry-After; without one
 * the client backs off.
 */

const RETRY_AFTER_S = 7;
/** 429/5xx: the first answer and three retries, then the error goes up (no retry storm). */
const BACKOFF_MS = [2000, 4000, 8000];

const unreadable = 'Better Uptime sent a monitor list we could not read';
const faults = faultTable<FakeBetterUptimeFailure>([
  {
    name: 'timeout with no response',
    mode: 'slow',
    message: 'Better Uptime did not answer within 1 s',
    status: 504,
    code: 'provider_timeout',
    timesOut: true,
  },
  {
    name: 'slow body past the total timeout',
    mode: 'slow_body',
    message: 'Better Uptime did not answer within 1 s',
    status: 504,
    code: 'provider_timeout',
    timesOut: true,
  },
  {
    name: '429 with Retry-After',
    mode: 'rate_limited',
    message: `Better Uptime rate limit reached: it asks us to wait ${RETRY_AFTER_S} s`,
    status: 503,
    code: 'provider_rate_limited',
    requests: 4,
    waits: Array(3).fill(RETRY_AFTER_S * 1000),
    raw: ['Too many requests'],
  },
  {
    name: 'HTTP 500',
    mode: 'server_error',
    // Better Uptime's own `errors` sentence is meant for people: it is kept, short and cleaned.
    message: 'Better Uptime is having trouble (HTTP 500): Something went wrong on our side',
    code: 'provider_server_error',
    requests: 4,
    waits: BACKOFF_MS,
  },
  {
    name: 'HTTP 502',
    mode: 'bad_gateway',
    message: 'Better Uptime is having trouble (HTTP 502)',
    code: 'provider_server_error',
    requests: 4,
    waits: BACKOFF_MS,
    raw: ['Bad gateway'],
  },
  {
    name: 'HTTP 503',
    mode: 'unavailable',
    message: 'Better Uptime is having trouble (HTTP 503): Service temporarily unavailable',
    code: 'provider_server_error',
    requests: 4,
    waits: BACKOFF_MS,
  },
  {
    name: 'truncated JSON',
    mode: 'malformed',
    message: 'Better Uptime sent a response we could not read',
    raw: ['"type":"monitor"'],
  },
  { name: 'wrong-shape JSON (no list)', mode: 'wrong_shape', message: unreadable },
  { name: 'wrong-shape JSON (no readable item)', mode: 'wrong_items', message: unreadable },
  {
    name: 'HTML with status 200',
    mode: 'html',
    message: 'Better Uptime sent an HTML page instead of JSON',
    raw: ['Better Stack'],
  },
  {
    name: 'oversized body',
    mode: 'oversized',
    message: 'Better Uptime sent a response that is too large',
    raw: ['xxxxxxxx', 'padding'],
  },
]);

let fake: FakeBetterUptime;
const time = fakeTime();
const options = {
  betteruptime: {
    maxRequestsPerSecond: Number.POSITIVE_INFINITY,
    fetchTimeoutMs: TIMEOUT_MS,
    sleep: time.sleep,
  },
};
type App = SignedInApp;

beforeAll(async () => {
  const sites = generateFleet({ servers: 2, sites: 10, seed: 31 }).sites.map((s) => String(s.url));
  fake = await startFakeBetterUptime({ sites, seed: 31, slowMs: SLOW_MS, retryAfterSeconds: RETRY_AFTER_S });
});
afterAll(() => fake.close());
afterEach(() => fake.setFailure(null));

/** One API call with the fake failing as `mode`, measuring what the client did at the fake. */
async function during(mode: FakeBetterUptimeFailure, call: () => ReturnType<App['get']>) {
  fake.setFailure(mode);
  const sent = fake.requests.length;
  time.waits.length = 0;
  const { res, ms } = await timed(call);
  fake.setFailure(null);
  return { res, seen: { requests: fake.requests.length - sent, waits: [...time.waits], ms } };
}

const connect = (app: App) =>
  app.post('/api/integrations/betteruptime', { apiToken: fake.token, baseUrl: fake.url });

describe('Better Uptime faults with a good cache', () => {
  let app: App;
  beforeAll(async () => {
    app = await signedInApp(options);
    expect((await connect(app)).statusCode).toBe(200);
    await app.t.services.jobs.idle(); // the list, then every monitor's figures
  });
  afterAll(() => app.t.close());

  it.each(faults)('$name: same monitors and figures, last sync kept, error beside them', async (fault) => {
    const before = (await app.get('/api/monitors')).json();
    expect(before.data).toHaveLength(fake.monitors.length);
    expect(before.data.filter((m: { cachedUptime: unknown }) => m.cachedUptime !== null)).not.toEqual([]);
    app.t.clock.advance(60_000); // a sync that wrongly went through would carry a new time

    const { res, seen } = await during(fault.mode, () => app.get('/api/monitors?refresh=true'));
    await app.t.services.jobs.idle();
    expectCacheKept(res, before, fault.message);
    expectNoRawBody(res, fault);
    expectPaced(fault, seen);
    const later = await app.get('/api/monitors');
    expect(later.json()).toEqual({ ...before, error: fault.message });
  });

  it('one unreadable monitor among good ones: the rest refresh, the bad one keeps its last good data', async () => {
    const before = (await app.get('/api/monitors')).json().data as { id: string }[];
    const up = fake.monitors.filter((m) => m.attributes.status === 'up');
    const [bad, changed] = [up[0]!, up[1]!];
    const attributes = bad.attributes;
    (bad as { attributes: unknown }).attributes = 'unavailable';
    fake.setStatus(changed.id, 'down');
    try {
      app.t.clock.advance(60_000);
      const res = await app.get('/api/monitors?refresh=true');
      await app.t.services.jobs.idle();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        cached: false,
        syncedAt: app.t.clock.now().toISOString(),
        error: 'Better Uptime sent 1 monitor we could not read; the others are up to date',
      });
      const byId = new Map(body.data.map((m: { id: string }) => [m.id, m]));
      expect(byId.size).toBe(fake.monitors.length);
      expect(byId.get(changed.id)).toMatchObject({ attributes: { status: 'down' } });
      expect(byId.get(bad.id)).toEqual(before.find((m) => m.id === bad.id));
    } finally {
      bad.attributes = attributes;
      fake.setStatus(changed.id, 'up');
    }
  });
});

describe('Better Uptime faults with no cache yet', () => {
  let app: App;
  beforeAll(async () => {
    app = await signedInApp(options);
    // The token check passes; the first sync already meets the trouble, so nothing is ever cached.
    fake.setFailure('server_error', { after: 1 });
    expect((await connect(app)).statusCode).toBe(200);
    await app.t.services.jobs.idle();
    fake.setFailure(null);
  });
  afterAll(() => app.t.close());

  it.each(faults)('$name: a clear provider_* error, not a 500', async (fault) => {
    const { res, seen } = await during(fault.mode, () => app.get('/api/monitors'));
    expectProviderError(res, fault);
    expectNoRawBody(res, fault);
    expectPaced(fault, seen);
    if (fault.mode === 'rate_limited') expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_S));
  });
});
