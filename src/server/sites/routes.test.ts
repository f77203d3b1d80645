import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGridPane } from '../../../test/fakes/gridpane';
import { createTestApp, type TestApp } from '../../../test/support/app';

let t: TestApp;
let cookie: string;
let fake: Awaited<ReturnType<typeof startFakeGridPane>>;

beforeAll(async () => {
  // Rate limits are the client's tests' business; here they would only slow the many syncs down.
  fake = await startFakeGridPane({
    sites: 40,
    servers: 5,
    seed: 3,
    maxPerPage: 15,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  t = await createTestApp({ services: { gridpane: { minSpacingMs: 0, fetchTimeoutMs: 1500 } } });
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.setFailure(null));

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('GridPane data', () => {
  it('says to configure GridPane first', async () => {
    for (const url of [
      '/api/sites',
      '/api/servers',
      '/api/servers/1',
      '/api/sites/1',
      '/api/integrations/gridpane/servers',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({
        code: 'integration_not_configured',
        message: 'Please configure GridPane integration first',
      });
    }
  });

  it('fetches every page on first read, then serves the cache', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/gridpane',
      headers: { cookie },
      payload: { baseUrl: fake.url, accessToken: fake.token },
    });
    expect(saved.statusCode).toBe(200);
    await t.services.jobs.idle();

    const sites = await get('/api/sites');
    expect(sites.statusCode).toBe(200);
    const body = sites.json();
    expect(body.data).toHaveLength(40);
    expect(body.cached).toBe(true);
    expect(body.syncedAt).not.toBeNull();
    expect(body.error).toBeNull();
    expect(fake.requests.filter((r) => r.path.endsWith('/site')).length).toBe(3); // 40 sites, 15 per page

    const before = fake.requests.length;
    await get('/api/sites');
    await get('/api/servers');
    expect(fake.requests.length).toBe(before); // page views never call GridPane
  });

  it('gives servers their derived fields and no secrets', async () => {
    const res = await get('/api/servers');
    const servers = res.json().data;
    expect(servers).toHaveLength(5);
    const total = servers.reduce((n: number, s: { sites_count: number }) => n + s.sites_count, 0);
    expect(total).toBe(40);
    for (const s of servers) {
      expect(s.name).toBe(s.label);
      expect(s.ip_address).toBe(s.ip);
      if (s.sites_count > 0) expect(s.php_versions.length).toBeGreaterThan(0);
    }
    expect(res.body).not.toMatch(/REDACTED|password|server_key/);
    const one = await get(`/api/servers/${servers[0].id}`);
    expect(one.json().data.id).toBe(servers[0].id);
    expect((await get('/api/servers/999999')).statusCode).toBe(404);
    expect((await get('/api/servers/abc')).statusCode).toBe(400);
  });

  it('joins each site to exactly one internal website, idempotently', async () => {
    const websites = (await get('/api/websites')).json();
    expect(websites).toHaveLength(40);
    const refreshed = await get('/api/sites?refresh=true');
    expect(refreshed.json().cached).toBe(false);
    expect((await get('/api/websites')).json()).toHaveLength(40);
    const site = refreshed.json().data[0];
    const website = websites.find((w: { id: number }) => w.id === site.website_id);
    expect(website.domain).toBe(site.url.replace(/^www\./, ''));
    expect((await get(`/api/sites/${site.id}`)).json().data).toEqual(site);
    expect((await get(`/api/websites/${site.website_id}`)).json().domain).toBe(website.domain);
  });

  it('tags websites through the same resource-tag routes as clients', async () => {
    const [w] = (await get('/api/websites')).json();
    const tag = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { cookie },
      payload: { name: 'Retainer' },
    });
    const tagId = tag.json().id;
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/websites/${w.id}/tags`,
      headers: { cookie },
      payload: { tagId },
    });
    expect(add.statusCode).toBe(201);
    expect((await get(`/api/websites/${w.id}/tags`)).json().map((x: { name: string }) => x.name)).toEqual([
      'Retainer',
    ]);
    expect((await get(`/api/websites/${w.id}`)).json().tags).toEqual([
      { id: tagId, name: 'Retainer', color: '#3b82f6' },
    ]);
    expect((await get('/api/websites/999999/tags')).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/websites/${w.id}/tags/${tagId}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/websites/${w.id}/tags`)).json()).toEqual([]);
  });

  it('keeps the cache and shows the error when GridPane fails on refresh', async () => {
    for (const mode of ['server_error', 'html', 'malformed', 'unauthorized'] as const) {
      fake.setFailure(mode);
      const res = await get('/api/sites?refresh=true');
      expect(res.statusCode, mode).toBe(200);
      expect(res.json().data).toHaveLength(40);
      expect(res.json().cached).toBe(true);
      expect(res.json().error).toMatch(/GridPane/);
    }
    fake.setFailure(null);
    const integration = (
      await t.app.inject({ method: 'GET', url: '/api/integrations', headers: { cookie } })
    ).json()[0];
    expect(integration.lastError).toMatch(/GridPane/);
    expect(integration.callCount).toBeGreaterThan(0);
  });

  it('marks sites removed at GridPane as removed, keeping the record', async () => {
    const gone = fake.fleet.sites.pop()!;
    const res = await get('/api/sites?refresh=true');
    expect(res.json().data).toHaveLength(39);
    expect(res.json().error).toBeNull();
    const websites = (await get('/api/websites')).json();
    expect(websites).toHaveLength(40);
    expect(
      websites.filter((w: { removed: boolean }) => w.removed).map((w: { domain: string }) => w.domain),
    ).toEqual([String(gone.url).replace(/^www\./, '')]);
    fake.fleet.sites.push(gone);
    await get('/api/sites?refresh=true');
    expect((await get('/api/websites')).json().filter((w: { removed: boolean }) => w.removed)).toHaveLength(
      0,
    );
  });
});

describe('GridPane down with no cache', () => {
  it('answers 502 naming GridPane, or 504 on a timeout', async () => {
    const other = await createTestApp({ services: { gridpane: { minSpacingMs: 0, fetchTimeoutMs: 500 } } });
    const c = await other.signIn();
    try {
      const save = await other.app.inject({
        method: 'POST',
        url: '/api/integrations/gridpane',
        headers: { cookie: c },
        payload: { baseUrl: fake.url, accessToken: fake.token },
      });
      expect(save.statusCode).toBe(200);
      fake.setFailure('server_error');
      await other.services.jobs.idle();
      const down = await other.app.inject({ method: 'GET', url: '/api/servers', headers: { cookie: c } });
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toMatch(/GridPane/);
      fake.setFailure('slow');
      const slow = await other.app.inject({ method: 'GET', url: '/api/servers', headers: { cookie: c } });
      expect(slow.statusCode).toBe(504);
      expect(slow.json().message).toMatch(/GridPane did not answer/);
    } finally {
      fake.setFailure(null);
      await other.close();
    }
  });
});
