import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { startFakeGridPane } from '../../../test/fakes/gridpane';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { normaliseDomain } from '../../shared/domains';
import { monitorDays } from '../db/schema';

let t: TestApp;
let cookie: string;
let gridpane: Awaited<ReturnType<typeof startFakeGridPane>>;
let uptime: Awaited<ReturnType<typeof startFakeBetterUptime>>;

beforeAll(async () => {
  gridpane = await startFakeGridPane({
    sites: 12,
    servers: 2,
    seed: 5,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  uptime = await startFakeBetterUptime({ sites: gridpane.fleet.sites.map((s) => String(s.url)), seed: 5 });
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await Promise.all([gridpane.close(), uptime.close()]);
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('monitors', () => {
  it('says to configure Better Uptime first', async () => {
    const res = await call('GET', '/api/monitors');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'integration_not_configured',
      message: 'Please configure Better Uptime integration first',
    });
    expect((await call('POST', '/api/monitors/update-response-times')).statusCode).toBe(409);
  });

  it('refuses a rejected token on save', async () => {
    const res = await call('POST', '/api/integrations/betteruptime', {
      apiToken: 'nope',
      baseUrl: uptime.url,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Better Uptime rejected the API token/);
  });

  it('lists every monitor with real 30-day uptime and average response after the background job', async () => {
    await call('POST', '/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
    const saved = await call('POST', '/api/integrations/betteruptime', {
      apiToken: uptime.token,
      baseUrl: uptime.url,
    });
    expect(saved.statusCode).toBe(200);
    await t.services.jobs.idle();

    const res = await call('GET', '/api/monitors');
    expect(res.statusCode).toBe(200);
    const { data, cached } = res.json();
    expect(cached).toBe(true);
    expect(data).toHaveLength(uptime.monitors.length);
    const measured = data.filter((m: { cachedUptime: number | null }) => m.cachedUptime !== null);
    expect(measured.length).toBeGreaterThan(data.length / 2);
    for (const m of measured) {
      expect(m.attributes.uptime).toBe(m.cachedUptime);
      expect(m.cachedUptime).toBeGreaterThanOrEqual(0);
      expect(m.cachedUptime).toBeLessThanOrEqual(100);
    }
    // Response times arrive in seconds and are served in milliseconds.
    const withResponse = data.filter(
      (m: { cachedAvgResponse: number | null }) => m.cachedAvgResponse !== null,
    );
    expect(withResponse.length).toBeGreaterThan(0);
    for (const m of withResponse) expect(m.cachedAvgResponse).toBeGreaterThan(10);
    const statuses = new Set(data.map((m: { attributes: { status: string } }) => m.attributes.status));
    for (const s of ['up', 'down', 'paused']) expect(statuses).toContain(s);
    // Monitors of GridPane sites are linked to our websites.
    expect(
      data.filter((m: { websiteId: number | null }) => m.websiteId !== null).length,
    ).toBeGreaterThanOrEqual(10);
  });

  it('page views never call the provider; update-response-times answers at once', async () => {
    const before = uptime.requests.length;
    await call('GET', '/api/monitors');
    await call('GET', '/api/websites/monitor-data');
    expect(uptime.requests.length).toBe(before);
    const res = await call('POST', '/api/monitors/update-response-times');
    expect(res.statusCode).toBe(202);
    expect(res.json().started).toBe(true);
    await t.services.jobs.idle();
    expect(uptime.requests.length).toBeGreaterThan(before);
  });

  it('keeps a daily history row per measured monitor', async () => {
    const rows = await t.db.select().from(monitorDays);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(['up', 'degraded', 'down']).toContain(r.status);
  });

  it('monitor-data is keyed by normalised domain with status and uptime as a numeric string', async () => {
    const map = (await call('GET', '/api/websites/monitor-data')).json();
    const keys = Object.keys(map);
    expect(keys.length).toBe(uptime.monitors.length);
    for (const k of keys) {
      expect(k).toBe(normaliseDomain(k));
      expect(['up', 'down', 'paused', 'other']).toContain(map[k].status);
      if (map[k].uptime !== null) expect(map[k].uptime).toMatch(/^\d{1,3}\.\d{2}$/);
    }
    const site = normaliseDomain(String(gridpane.fleet.sites[0]!.url));
    expect(map[site]).toBeDefined();
  });

  it('a refresh during an outage keeps the monitors and shows the error', async () => {
    uptime.setFailure('server_error');
    const res = await call('GET', '/api/monitors?refresh=true');
    uptime.setFailure(null);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(uptime.monitors.length);
    expect(res.json().error).toMatch(/Better Uptime/);
  });
});
