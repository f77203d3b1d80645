import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { auditLog, websites } from '../db/schema';

// A website can be watched by a Better Uptime monitor of another address (a status page, a monitor
// named after the client): a person links it, and every page then follows that monitor.
let t: TestApp;
let uptime: Awaited<ReturnType<typeof startFakeBetterUptime>>;
let cookie: string;
let viewer: string;
let site: number;
// The domain's own monitor says up; another address's monitor says down.
let own: string;
let other: string;
let otherName: string;
const put = (body: object, as = cookie, id = site) =>
  t.app.inject({ method: 'PUT', url: `/api/websites/${id}/monitor`, headers: { cookie: as }, payload: body });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  uptime = await startFakeBetterUptime({
    sites: ['shop.example', 'status.example.net/shop'],
    statuses: { 'shop.example': 'up', 'status.example.net/shop': 'down' },
  });
  own = uptime.monitors.find((m) => String(m.attributes.url).includes('shop.example/'))!.id;
  const second = uptime.monitors.find((m) => String(m.attributes.url).includes('status.example.net'))!;
  other = second.id;
  otherName = String(second.attributes.pronounceable_name);
  t = await createTestApp();
  cookie = await t.signIn();
  viewer = await t.signIn({
    username: 'vic',
    email: 'vic@example.com',
    password: 'correct horse',
    role: 'viewer',
  });
  const [row] = await t.db
    .insert(websites)
    .values({
      name: 'shop.example',
      domain: 'shop.example',
      integrationProvider: 'gridpane',
      providerSiteId: '1',
      serverId: '9',
      status: 'active',
      environment: 'production',
    })
    .returning();
  site = row!.id;
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/betteruptime',
    headers: { cookie },
    payload: { apiToken: uptime.token, baseUrl: uptime.url },
  });
  expect(saved.statusCode).toBe(200);
  await t.services.jobs.idle();
});
afterAll(async () => {
  await t.close();
  await uptime.close();
});

describe('PUT /api/websites/{id}/monitor', () => {
  it('follows the domain until a person links another monitor, then that one everywhere', async () => {
    const before = (await get(`/api/websites/${site}`)).json();
    expect(before.betterUptimeMonitor).toEqual({ id: own, name: expect.any(String), linked: false });
    expect(before.health).toMatchObject({ state: 'up', source: 'betteruptime' });

    const linked = await put({ monitorId: other });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().betterUptimeMonitor).toEqual({ id: other, name: otherName, linked: true });
    expect(linked.json().health).toMatchObject({ state: 'down', source: 'betteruptime' });
    expect(linked.json().watchers.monitor).toMatchObject({ id: other, status: 'down' });

    // The list, its kept health and the Uptime page's monitor rows say the same.
    const list = (await get('/api/websites?page=1&pageSize=10')).json();
    expect(list.data[0]).toMatchObject({ id: site, health: { state: 'down' } });
    const monitorsRes = await get('/api/monitors?page=1&pageSize=10');
    expect(monitorsRes.statusCode, monitorsRes.body).toBe(200);
    const monitors = monitorsRes.json();
    const byId = Object.fromEntries(
      monitors.data.map((m: { id: string; websiteId: number | null }) => [m.id, m.websiteId]),
    );
    expect(byId[other]).toBe(site);

    // Null gives the choice back to the domain.
    const unlinked = await put({ monitorId: null });
    expect(unlinked.json().betterUptimeMonitor).toEqual({ id: own, name: expect.any(String), linked: false });
    expect(unlinked.json().health).toMatchObject({ state: 'up' });
  });

  it('records who linked what, before and after, in the audit log and the activity', async () => {
    await put({ monitorId: other });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, 'websites'))
      .orderBy(asc(auditLog.id))
      .limit(1);
    expect(entry?.changes).toMatchObject({ linkedMonitorId: { before: null, after: other } });
    const activity = (await get('/api/activity?limit=5')).json();
    expect(JSON.stringify(activity)).toContain(
      `linked the Better Uptime monitor \\"${otherName}\\" to shop.example`,
    );
    await put({ monitorId: null });
  });

  it('refuses a monitor Better Uptime does not list, and changes nothing', async () => {
    const res = await put({ monitorId: '999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/refresh the monitors/);
    expect(res.json().fieldErrors).toEqual({ monitorId: ['No Better Uptime monitor with this id'] });
    const [row] = await t.db.select().from(websites).where(eq(websites.id, site));
    expect(row?.linkedMonitorId).toBeNull();
  });

  it('answers clear errors for a bad body, an unknown website and a viewer', async () => {
    expect((await put({ monitorId: 502 })).json().message).toMatch(
      /monitorId must be a Better Uptime monitor id/,
    );
    expect((await put({})).statusCode).toBe(400);
    expect((await put({ monitorId: own, extra: 1 })).statusCode).toBe(400);
    expect((await put({ monitorId: own }, cookie, 99999)).statusCode).toBe(404);
    expect((await put({ monitorId: own }, viewer)).statusCode).toBe(403);
  });
});

describe('GET /api/websites/{id}/monitor', () => {
  it("gives the watching monitor's 24 hours, 7 and 30 days and its last day's response times", async () => {
    const before = uptime.requests.length;
    const res = await get(`/api/websites/${site}/monitor`);
    expect(res.statusCode, res.body).toBe(200);
    const recent = res.json();
    expect(recent.monitorId).toBe(own);
    for (const span of ['day', 'week', 'month'] as const) {
      expect(recent.uptime[span]).toBeGreaterThanOrEqual(0);
      expect(recent.uptime[span]).toBeLessThanOrEqual(100);
      // Measured time begins at the span's first UTC day, or when the monitor was made if later.
      expect(Date.parse(recent.measuredFrom[span])).toBeGreaterThanOrEqual(
        Date.parse(`${recent.days[span]}T00:00:00Z`),
      );
    }
    expect(recent.days.week < recent.days.day).toBe(true);
    expect(recent.responseTimes.length).toBeGreaterThan(0);
    expect(recent.responseTimes[0].points[0]).toEqual({ at: expect.any(String), ms: expect.any(Number) });
    const asked = uptime.requests.slice(before).map((r) => r.path);
    expect(asked.filter((p) => p.endsWith('/sla'))).toHaveLength(3);
    expect(asked.filter((p) => p.endsWith('/response-times'))).toHaveLength(1);

    // Asked again within minutes: the same figures, no call to Better Uptime.
    const again = uptime.requests.length;
    expect((await get(`/api/websites/${site}/monitor`)).json()).toEqual(recent);
    expect(uptime.requests.length).toBe(again);
  });

  it('says when no monitor watches the website, and when Better Uptime fails', async () => {
    const [bare] = await t.db
      .insert(websites)
      .values({
        name: 'bare.example',
        domain: 'bare.example',
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
      })
      .returning();
    const none = await get(`/api/websites/${bare!.id}/monitor`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No Better Uptime monitor watches this website');

    await put({ monitorId: other });
    uptime.setFailure('server_error');
    const failed = await get(`/api/websites/${site}/monitor`);
    uptime.setFailure(null);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(failed.json().message).toMatch(/Better Uptime/);
    await put({ monitorId: null });
  });
});
