import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../../src/server/db/schema';
import { type FakeBetterUptime, startFakeBetterUptime } from '../../fakes/betteruptime';
import { type FakeGridPane, startFakeGridPane } from '../../fakes/gridpane';
import { type FakeKinsta, startFakeKinsta } from '../../fakes/kinsta';
import { startFakeWordfence } from '../../fakes/wordfence';
import { type FakeWordPress, startFakeWordPress } from '../../fakes/wordpress';
import { createTestApp, type TestApp } from '../../support/app';

// Provider tokens are write-only in the API and never logged. Tokens of the shapes people
// paste: GridPane's long bearer, Better Uptime's 24-character team token, a short hand-picked HD Snapshot
// global token, a Wordfence Intelligence API key, a Kinsta API key, and a mistyped token GridPane rejects
// (a secret all the same).
const secrets = {
  gridpane: `gp_${randomBytes(48).toString('hex')}`,
  betteruptime: randomBytes(18).toString('base64url'),
  hdsnapshot: `hds-${randomBytes(6).toString('hex')}`,
  wordfence: `wf-${randomBytes(24).toString('hex')}`,
  kinsta: randomBytes(32).toString('hex'),
  mistyped: `gp_typo_${randomBytes(6).toString('hex')}`,
};

let gridpane: FakeGridPane;
let uptime: FakeBetterUptime;
let wordpress: FakeWordPress;
let wordfence: Awaited<ReturnType<typeof startFakeWordfence>>;
let kinsta: FakeKinsta;
beforeAll(async () => {
  gridpane = await startFakeGridPane({
    token: secrets.gridpane,
    sites: 6,
    servers: 2,
    seed: 11,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  const domains = gridpane.fleet.sites.map((s) => String(s.url));
  uptime = await startFakeBetterUptime({ token: secrets.betteruptime, sites: domains, seed: 11 });
  wordpress = await startFakeWordPress({ token: secrets.hdsnapshot, domains, seed: 11 });
  wordfence = await startFakeWordfence({ apiKey: secrets.wordfence, records: 10 });
  kinsta = await startFakeKinsta({ apiKey: secrets.kinsta, sites: 2 });
});
afterAll(async () => {
  await Promise.all([gridpane.close(), uptime.close(), wordpress.close(), wordfence.close(), kinsta.close()]);
});

// Both log formats: JSON lines for collectors, and the human lines a terminal shows (LOG_FORMAT).
describe.each(['json', 'pretty'] as const)('in the %s log format', (format) => {
  let t: TestApp;
  let cookie: string;
  let sites: { id: number; url: string; server_id: number | null; website_id: number | null }[] = [];
  /** Every body the API answered, and every token as sealed at rest (its ciphertext must not leak either). */
  const responses: string[] = [];
  const sealed = new Set<string>();

  beforeAll(async () => {
    // Trace: the most the log ever says, every request in and out included.
    t = await createTestApp({
      logLevel: 'trace',
      logFormat: format,
      config: { wordfenceApiUrl: wordfence.url },
    });
    cookie = await t.signIn();
  });
  afterAll(() => t.close());

  async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    responses.push(`${method} ${url} → ${res.statusCode} ${res.body}`);
    return res;
  }

  async function rememberSealed() {
    for (const row of await t.db.select().from(integrations)) {
      sealed.add(row.secrets);
      sealed.add(row.secrets.split(':').at(-1)!); // the ciphertext alone
    }
  }

  /** Names of the secrets (or sealed values) found in `text`: [] when none leaked. */
  function leaks(text: string): string[] {
    const found = Object.entries(secrets)
      .filter(([, value]) => text.includes(value))
      .map(([name]) => `${name} token`);
    return [...found, ...[...sealed].filter((value) => text.includes(value)).map(() => 'a sealed token')];
  }

  const capturedLog = () => t.logs.join('');

  describe('provider tokens never reach the log or an API response', () => {
    it('a full configuration and sync of every provider logs no token', async () => {
      const mistyped = await call('POST', '/api/integrations/gridpane', {
        baseUrl: gridpane.url,
        accessToken: secrets.mistyped,
      });
      expect(mistyped.statusCode).toBe(400);
      for (const [provider, settings] of [
        ['gridpane', { baseUrl: gridpane.url, accessToken: secrets.gridpane }],
        ['betteruptime', { baseUrl: uptime.url, apiToken: secrets.betteruptime }],
        ['hdsnapshot', { urlTemplate: wordpress.urlTemplate, globalToken: secrets.hdsnapshot }],
        ['wordfence', { apiKey: secrets.wordfence }],
        ['kinsta', { apiKey: secrets.kinsta, baseUrl: kinsta.url }],
      ] as const) {
        const saved = await call('POST', `/api/integrations/${provider}`, settings);
        expect(saved.statusCode, provider).toBe(200);
      }
      await t.services.jobs.idle();
      await rememberSealed();
      expect(sealed.size).toBe(10);

      const siteList = await call('GET', '/api/sites?refresh=true');
      expect(siteList.statusCode).toBe(200);
      sites = siteList.json().data;
      expect(sites).toHaveLength(6);
      const monitors = await call('GET', '/api/monitors?refresh=true');
      expect(monitors.json().data).toHaveLength(uptime.monitors.length);
      expect((await call('POST', '/api/monitors/update-response-times')).statusCode).toBe(202);
      await t.services.jobs.idle();
      const snapshot = await call('GET', `/api/sites/${sites[0]!.id}/snapshot?refresh=true`);
      expect(snapshot.statusCode).toBe(200);
      expect(snapshot.json().error).toBeNull();

      // The tokens really travelled (so there was something to leak), and the log saw every request.
      expect(gridpane.requests.filter((r) => r.status === 200).length).toBeGreaterThan(2);
      expect(uptime.requests.some((r) => r.path.endsWith('/response-times') && r.status === 200)).toBe(true);
      expect(wordpress.requests.some((r) => r.tokenSent && r.status === 200)).toBe(true);
      expect(wordfence.requests.some((r) => r.status === 200)).toBe(true);
      expect(kinsta.requests.filter((r) => r.status === 200).length).toBeGreaterThan(1);
      if (format === 'json') {
        expect(capturedLog()).toContain('/api/integrations/hdsnapshot');
        expect(capturedLog()).toContain('/api/monitors/update-response-times');
      } else {
        // A terminal gets a line for the failed request only.
        expect(capturedLog()).toMatch(/POST \/api\/integrations\/gridpane → 400/);
        expect(capturedLog()).not.toContain('/api/integrations/hdsnapshot');
      }

      expect(leaks(capturedLog())).toEqual([]);
    });

    it('providers answering 401, 500 or refusing the token log no token either', async () => {
      gridpane.setFailure('unauthorized');
      uptime.setFailure('server_error');
      const [first, second] = sites;
      wordpress.setCase(first!.url, 'wrong_token');
      wordpress.setCase(second!.url, 'no_token');
      try {
        const siteList = await call('GET', '/api/sites?refresh=true');
        expect(siteList.json().error).toMatch(/GridPane rejected the access token/);
        const monitors = await call('GET', '/api/monitors?refresh=true');
        expect(monitors.json().error).toMatch(/Better Uptime is having trouble \(HTTP 500\)/);
        expect((await call('POST', '/api/monitors/update-response-times')).statusCode).toBe(202);
        // Switching a provider back on syncs in the background, whose failure is logged as a warning.
        for (const provider of ['gridpane', 'betteruptime']) {
          await call('PATCH', `/api/integrations/${provider}`, { enabled: false });
          await call('PATCH', `/api/integrations/${provider}`, { enabled: true });
        }
        await t.services.jobs.idle();
        const cached = await call('GET', `/api/sites/${first!.id}/snapshot?refresh=true`);
        expect(cached.json().error).toMatch(/rejected the global token \(HTTP 403\)/);
        const uncached = await call('GET', `/api/sites/${second!.id}/snapshot`);
        expect(uncached.statusCode).toBe(502);
      } finally {
        gridpane.setFailure(null);
        uptime.setFailure(null);
        wordpress.setCase(first!.url, 'ok');
        wordpress.setCase(second!.url, 'ok');
      }

      expect(gridpane.requests.some((r) => r.status === 401)).toBe(true);
      expect(uptime.requests.some((r) => r.status === 500)).toBe(true);
      expect(wordpress.requests.some((r) => r.status === 403)).toBe(true);
      const log = capturedLog();
      expect(log).toMatch(/Background job sync-gridpane failed: GridPane rejected the access token/);
      expect(log).toMatch(
        /Background job sync-betteruptime failed: Better Uptime is having trouble \(HTTP 500\)/,
      );
      expect(log).toMatch(/the token did not reach the plugin/);

      expect(leaks(log)).toEqual([]);
    });

    it('no API response carries a token, on any page that reads provider data', async () => {
      const [site] = sites;
      const ids: Record<string, number | null> = {
        sites: site!.id,
        servers: site!.server_id,
        websites: site!.website_id,
      };
      const gets = t.app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/api/'));
      expect(gets.length).toBeGreaterThan(15);
      for (const route of gets) {
        const area = route.url.split('/')[2]!;
        const url = route.url.replace(':id', String(ids[area] ?? 1));
        await call('GET', url.startsWith('/api/search') ? `${url}?q=${site!.url.slice(0, 4)}` : url);
      }
      const list = await call('GET', '/api/integrations');
      expect(list.json().map((i: { tokenSet: boolean }) => i.tokenSet)).toEqual([
        true,
        true,
        true,
        true,
        true,
      ]);

      expect(leaks(responses.join('\n'))).toEqual([]);
    });
  });
});
