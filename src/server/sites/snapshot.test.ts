import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGridPane } from '../../../test/fakes/gridpane';
import { startFakeWordPress } from '../../../test/fakes/wordpress';
import { createTestApp, type TestApp } from '../../../test/support/app';

let t: TestApp;
let cookie: string;
let gridpane: Awaited<ReturnType<typeof startFakeGridPane>>;
let wordpress: Awaited<ReturnType<typeof startFakeWordPress>>;
let sites: { id: number; url: string }[];

beforeAll(async () => {
  gridpane = await startFakeGridPane({
    sites: 10,
    servers: 2,
    seed: 9,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  wordpress = await startFakeWordPress({
    domains: gridpane.fleet.sites.map((s) => String(s.url)),
    seed: 9,
    slowMs: 3000,
  });
  t = await createTestApp();
  cookie = await t.signIn();
  await call('POST', '/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
  await t.services.jobs.idle();
  sites = (await call('GET', '/api/sites')).json().data;
});
afterAll(async () => {
  await t.close();
  await Promise.all([gridpane.close(), wordpress.close()]);
});

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
const snapshot = (site: { id: number }, refresh = false) =>
  call('GET', `/api/sites/${site.id}/snapshot${refresh ? '?refresh=true' : ''}`);

describe('GET /api/sites/:id/snapshot', () => {
  it('says to configure HD Snapshot first', async () => {
    const res = await snapshot(sites[0]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Please configure HD Snapshot integration first');
  });

  it('validates the address template', async () => {
    const res = await call('POST', '/api/integrations/hdsnapshot', {
      globalToken: 'x',
      urlTemplate: 'https://example.com/no-placeholder',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.urlTemplate).toEqual(['Address template must contain {domain}']);
  });

  it("returns the site's WordPress facts in data, then serves them from the cache", async () => {
    const saved = await call('POST', '/api/integrations/hdsnapshot', {
      globalToken: wordpress.token,
      urlTemplate: wordpress.urlTemplate,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(wordpress.token);
    await t.services.jobs.idle(); // saving asks every site once in the background (fleet facts)
    const site = sites[0]!;
    const res = await snapshot(site);
    expect(res.statusCode).toBe(200);
    const expected = wordpress.expected(site.url);
    expect(res.json().cached).toBe(false);
    expect(res.json().data).toMatchObject({
      schema_version: expected.schema_version,
      wordpress_version: expected.wordpress_version,
      php_version: expected.php_version,
      theme: expected.theme,
      plugin_count: expected.plugin_count,
    });
    expect(res.json().data.raw.site_url).toBe(expected.site_url);
    const requests = wordpress.requests.length;
    const again = await snapshot(site);
    expect(again.json().cached).toBe(true);
    expect(wordpress.requests.length).toBe(requests);
  });

  it('explains each plugin problem, naming the site', async () => {
    const cases = [
      ['absent', 502, /not installed or not active/],
      ['wrong_token', 502, /rejected the global token/],
      ['html', 502, /HTML page/],
      ['login_redirect', 502, /HD Snapshot/],
      ['slow', 504, /HD Snapshot/],
    ] as const;
    for (const [i, [mode, status, message]] of cases.entries()) {
      const site = sites[i + 1]!;
      wordpress.setCase(site.url, mode);
      const res = await snapshot(site);
      expect(res.statusCode, mode).toBe(status);
      expect(res.json().message, mode).toMatch(message);
      expect(res.json().message, mode).toContain(site.url.replace(/^www\./, ''));
    }
  }, 30_000);

  it('keeps the last good snapshot when a refresh fails', async () => {
    const site = sites[0]!;
    wordpress.setCase(site.url, 'absent');
    const res = await snapshot(site, true);
    wordpress.setCase(site.url, 'ok');
    expect(res.statusCode).toBe(200);
    expect(res.json().cached).toBe(true);
    expect(res.json().error).toMatch(/not installed or not active/);
    expect(res.json().data.wordpress_version).toBeTruthy();
  });

  it('404s an unknown site', async () => {
    expect((await snapshot({ id: 999999 })).statusCode).toBe(404);
  });
});
