import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGridPane, startFakeGridPane } from '../../fakes/gridpane';
import { type FakeWordPress, startFakeWordPress, type WordPressCase } from '../../fakes/wordpress';
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
 * Provider faults for HD Snapshot (outbound limits, last good snapshot kept, malformed answers never
 * overwriting it): each fault on a refresh of GET /api/sites/:id/snapshot (the site page's refresh)
 * keeps the last good snapshot and when it was fetched, says what went wrong on which site, and never
 * 500s. The plugin sets no rate limit; a firewall in front of a site may (plain Retry-After).
 */

/** The messages name the site, so the table is built per domain. */
const faultsFor = (d: string) =>
  faultTable<WordPressCase>([
    {
      name: 'timeout with no response',
      mode: 'slow',
      message: `HD Snapshot on ${d} did not answer within 1 s`,
      status: 504,
      code: 'provider_timeout',
      timesOut: true,
    },
    {
      name: 'slow body past the total timeout',
      mode: 'slow_body',
      message: `HD Snapshot on ${d} did not answer within 1 s`,
      status: 504,
      code: 'provider_timeout',
      timesOut: true,
    },
    {
      // Not retried and not waited out while a person looks at the page: the wait is passed on.
      name: '429 with Retry-After',
      mode: 'rate_limited',
      message: `${d} is limiting requests to HD Snapshot (HTTP 429): it asks us to wait 120 s`,
      status: 503,
      code: 'provider_rate_limited',
      raw: ['Slow down'],
    },
    {
      name: 'HTTP 500',
      mode: 'server_error',
      message: `HD Snapshot on ${d} failed (HTTP 500)`,
      code: 'provider_server_error',
      raw: ['critical error'],
    },
    {
      name: 'HTTP 502',
      mode: 'bad_gateway',
      message: `HD Snapshot on ${d} failed (HTTP 502)`,
      code: 'provider_server_error',
      raw: ['Bad Gateway'],
    },
    {
      name: 'HTTP 503',
      mode: 'maintenance',
      message: `HD Snapshot on ${d} failed (HTTP 503)`,
      code: 'provider_server_error',
      raw: ['Briefly unavailable'],
    },
    {
      name: 'truncated JSON',
      mode: 'malformed',
      message: `${d} did not answer with HD Snapshot data (got something that is not JSON) — is the plugin active?`,
    },
    {
      name: 'wrong-shape JSON',
      mode: 'wrong_shape',
      message: `${d} did not answer with HD Snapshot data (got JSON without a schema_version) — is the plugin active?`,
      raw: ['"cache":"hit"'],
    },
    {
      name: 'HTML with status 200',
      mode: 'html',
      message: `${d} did not answer with HD Snapshot data (got an HTML page) — is the plugin active?`,
      raw: ['Under maintenance'],
    },
    {
      name: 'oversized body',
      mode: 'oversized',
      message: `HD Snapshot on ${d} sent more than the 1024 KiB we accept`,
      code: 'provider_too_large',
      raw: ['xxxxxxxx', 'padding'],
    },
  ]);

let gridpane: FakeGridPane;
let wordpress: FakeWordPress;
let app: SignedInApp;
let sites: { id: number; url: string }[];

beforeAll(async () => {
  gridpane = await startFakeGridPane({
    sites: 14,
    servers: 2,
    seed: 41,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  wordpress = await startFakeWordPress({
    domains: gridpane.fleet.sites.map((s) => String(s.url)),
    seed: 41,
    slowMs: SLOW_MS,
  });
  app = await signedInApp({ gridpane: { minSpacingMs: 0 }, hdsnapshot: { timeoutMs: TIMEOUT_MS } });
  await app.post('/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
  await app.t.services.jobs.idle();
  const saved = await app.post('/api/integrations/hdsnapshot', {
    globalToken: wordpress.token,
    urlTemplate: wordpress.urlTemplate,
  });
  expect(saved.statusCode).toBe(200);
  await app.t.services.jobs.idle(); // saving asks every site once in the background (fleet facts)
  sites = (await app.get('/api/sites')).json().data;
  expect(sites.length).toBeGreaterThan(faultsFor('x').length);
});
afterAll(async () => {
  await app.t.close();
  await Promise.all([gridpane.close(), wordpress.close()]);
});

const snapshot = (site: { id: number }, refresh = false) =>
  app.get(`/api/sites/${site.id}/snapshot${refresh ? '?refresh=true' : ''}`);

/** One API call with `site` failing as `mode`, measuring what the client did at the site. */
async function during(site: { url: string }, mode: WordPressCase, call: () => ReturnType<typeof snapshot>) {
  wordpress.setCase(site.url, mode);
  const sent = wordpress.requests.length;
  const { res, ms } = await timed(call);
  wordpress.setCase(site.url, 'ok');
  return { res, seen: { requests: wordpress.requests.length - sent, waits: [], ms } };
}

describe('HD Snapshot faults with a good cache', () => {
  it.each(faultsFor('@'))('$name: same snapshot, fetch time kept, error beside it', async ({ mode }) => {
    const site = sites[0]!;
    const fault = faultsFor(site.url).find((f) => f.mode === mode)!;
    const before = (await snapshot(site)).json();
    expect(before.data.wordpress_version).toBe(wordpress.expected(site.url).wordpress_version);
    app.t.clock.advance(1_000); // a fetch that wrongly went through would carry a new time

    const { res, seen } = await during(site, mode, () => snapshot(site, true));
    expectCacheKept(res, before, fault.message);
    expectNoRawBody(res, fault);
    expectPaced(fault, seen);
  });

  it('one field of the wrong type among good ones: the rest of the snapshot still refreshes', async () => {
    const site = sites[0]!;
    const expected = wordpress.expected(site.url);
    app.t.clock.advance(1_000);
    wordpress.setCase(site.url, 'bad_field');
    const res = await snapshot(site, true);
    wordpress.setCase(site.url, 'ok');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cached: false,
      error: null,
      data: {
        fetchedAt: app.t.clock.now().toISOString(),
        wordpress_version: expected.wordpress_version,
        php_version: expected.php_version,
        theme: expected.theme,
        plugin_count: null,
        raw: { plugin_count: 'twenty-three' },
      },
    });
  });
});

describe('HD Snapshot faults with no cache yet', () => {
  it.each(faultsFor('@').map((f, i) => ({ ...f, i })))(
    '$name: a clear provider_* error, not a 500',
    async ({ mode, i }) => {
      const site = sites[i + 1]!;
      const fault = faultsFor(site.url).find((f) => f.mode === mode)!;
      const { res, seen } = await during(site, mode, () => snapshot(site));
      expectProviderError(res, fault);
      expectNoRawBody(res, fault);
      expectPaced(fault, seen);
      if (mode === 'rate_limited') expect(res.headers['retry-after']).toBe('120');
    },
  );
});
