import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeTime } from '../../../src/server/core/outbound/provider-test-helpers';
import { type FailureMode, type FakeGridPane, startFakeGridPane } from '../../fakes/gridpane';
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
 * Provider faults for GridPane (outbound limits, last good cache served, its own wait header honoured,
 * malformed JSON never overwriting good data): each fault on a refresh of GET /api/sites (the Sites
 * page's refresh button) keeps the cached sites and servers, says what went wrong and when we last
 * synced, and never 500s.
 */

/** GridPane's 429 carries its own wait (Retry-After-Endpoint, ~27 s observed); the fake's window sets it. */
const COOLDOWN_S = 27;
/** The client adds this slack to GridPane's 1-second-resolution wait. */
const SLACK_MS = 250;

const gone = 'GridPane sent a response we could not read';
const faults = faultTable<FailureMode>([
  {
    name: 'timeout with no response',
    mode: 'slow',
    message: 'GridPane did not answer within 1 s',
    status: 504,
    code: 'provider_timeout',
    requests: 1,
    timesOut: true,
  },
  {
    name: 'slow body past the total timeout',
    mode: 'slow_body',
    message: 'GridPane did not answer within 1 s',
    status: 504,
    code: 'provider_timeout',
    requests: 1,
    timesOut: true,
  },
  {
    name: '429 with Retry-After-Endpoint',
    mode: 'rate_limited',
    message: `GridPane rate limit reached: it asks us to wait ${COOLDOWN_S} s`,
    status: 503,
    code: 'provider_rate_limited',
    // The first answer and three retries, each after the advised wait: then it gives up.
    requests: 4,
    waits: Array(3).fill(COOLDOWN_S * 1000 + SLACK_MS),
    raw: ['Beep'],
  },
  ...([500, 502, 503] as const).map((status) => ({
    name: `HTTP ${status}`,
    mode: ({ 500: 'server_error', 502: 'bad_gateway', 503: 'unavailable' } as const)[status],
    message: `GridPane is having trouble (HTTP ${status})`,
    status: 502,
    code: 'provider_server_error',
    requests: 1,
    raw: ['Server Error', 'Bad Gateway', 'Service Unavailable'],
  })),
  { name: 'truncated JSON', mode: 'malformed', message: gone, raw: ['brightsmi'] },
  { name: 'wrong-shape JSON (no list)', mode: 'wrong_shape', message: gone, raw: ['unexpected'] },
  { name: 'wrong-shape JSON (no readable item)', mode: 'wrong_items', message: gone, raw: ['renamed'] },
  {
    name: 'HTML with status 200',
    mode: 'html',
    message: 'GridPane sent an HTML page instead of JSON',
    raw: ['Maintenance'],
  },
  {
    name: 'oversized body',
    mode: 'oversized',
    message: 'GridPane sent a response that is too large',
    raw: ['xxxxxxxx', 'padding'],
  },
]);

let fake: FakeGridPane;
const time = fakeTime();
type App = SignedInApp;
const options = { gridpane: { minSpacingMs: 0, fetchTimeoutMs: TIMEOUT_MS, sleep: time.sleep } };

beforeAll(async () => {
  fake = await startFakeGridPane({
    sites: 12,
    servers: 3,
    seed: 21,
    endpointLimit: 1000,
    totalLimit: 1000,
    windowSeconds: COOLDOWN_S,
    slowMs: SLOW_MS,
  });
});
afterAll(() => fake.close());
afterEach(() => fake.setFailure(null));

/** One API call with the fake failing as `mode`, measuring what the client did at the fake. */
async function during(mode: FailureMode, call: () => ReturnType<App['get']>) {
  fake.setFailure(mode);
  const sent = fake.requests.length;
  time.waits.length = 0;
  const { res, ms } = await timed(call);
  fake.setFailure(null);
  return { res, seen: { requests: fake.requests.length - sent, waits: [...time.waits], ms } };
}

describe('GridPane faults with a good cache', () => {
  let app: App;
  beforeAll(async () => {
    app = await signedInApp(options);
    const saved = await app.post('/api/integrations/gridpane', {
      baseUrl: fake.url,
      accessToken: fake.token,
    });
    expect(saved.statusCode).toBe(200);
    await app.t.services.jobs.idle();
  });
  afterAll(() => app.t.close());

  it.each(faults)('$name: same sites and servers, last sync kept, error beside them', async (fault) => {
    const sites = (await app.get('/api/sites')).json();
    const servers = (await app.get('/api/servers')).json();
    expect(sites.data).toHaveLength(12);
    expect(sites.syncedAt).not.toBeNull();
    app.t.clock.advance(60_000); // a sync that wrongly went through would carry a new time

    const { res, seen } = await during(fault.mode, () => app.get('/api/sites?refresh=true'));
    expectCacheKept(res, sites, fault.message);
    expectNoRawBody(res, fault);
    expectPaced(fault, seen);
    // The next page view, without a refresh, still shows the error beside the kept data.
    const later = await app.get('/api/servers');
    expect(later.json()).toEqual({ ...servers, error: fault.message });
    expectNoRawBody(later, fault);
  });

  it('429 once: waits what Retry-After-Endpoint said, retries once, then refreshes', async () => {
    app.t.clock.advance(60_000);
    fake.setFailure('rate_limited', { times: 1 });
    time.waits.length = 0;
    const sent = fake.requests.length;
    const res = await app.get('/api/sites?refresh=true');
    expect(res.json()).toMatchObject({
      cached: false,
      error: null,
      syncedAt: app.t.clock.now().toISOString(),
    });
    expect(time.waits).toEqual([COOLDOWN_S * 1000 + SLACK_MS]);
    const statuses = fake.requests.slice(sent).map((r) => `${r.path.replace(/^.*\/v1/, '')} ${r.status}`);
    expect(statuses).toEqual(['/server 429', '/server 200', '/site 200']);
  });

  it('one unreadable site among good ones: the rest refresh, the bad one keeps its last good data', async () => {
    const before = (await app.get('/api/sites')).json().data as { id: number; php_version: string }[];
    const [bad, changed] = [fake.fleet.sites[2]!, fake.fleet.sites[5]!];
    const original = { url: bad.url, php: changed.php_version };
    bad.url = null; // a site without its url cannot be shown or joined to a website
    changed.php_version = '8.4';
    try {
      app.t.clock.advance(60_000);
      const res = await app.get('/api/sites?refresh=true');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        cached: false,
        syncedAt: app.t.clock.now().toISOString(),
        error: 'GridPane sent 1 site we could not read; the others are up to date',
      });
      const byId = new Map(body.data.map((s: { id: number }) => [s.id, s]));
      expect(byId.size).toBe(12);
      expect(byId.get(Number(changed.id))).toMatchObject({ php_version: '8.4' });
      expect(byId.get(Number(bad.id))).toEqual(before.find((s) => s.id === bad.id));
      const websites = (await app.get('/api/websites')).json() as { removed: boolean }[];
      expect(websites.filter((w) => w.removed)).toEqual([]);
    } finally {
      bad.url = original.url;
      changed.php_version = original.php;
    }
  });
});

describe('GridPane faults with no cache yet', () => {
  let app: App;
  beforeAll(async () => {
    app = await signedInApp(options);
    // The token check passes; the first sync already meets the trouble, so nothing is ever cached.
    fake.setFailure('server_error', { after: 1 });
    const saved = await app.post('/api/integrations/gridpane', {
      baseUrl: fake.url,
      accessToken: fake.token,
    });
    expect(saved.statusCode).toBe(200);
    await app.t.services.jobs.idle();
    fake.setFailure(null);
  });
  afterAll(() => app.t.close());

  it.each(faults)('$name: a clear provider_* error, not a 500', async (fault) => {
    const { res, seen } = await during(fault.mode, () => app.get('/api/servers'));
    expectProviderError(res, fault);
    expectNoRawBody(res, fault);
    expectPaced(fault, seen);
    if (fault.mode === 'rate_limited') expect(res.headers['retry-after']).toBe(String(COOLDOWN_S));
  });
});
