import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { startFakeGridPane } from '../../../test/fakes/gridpane';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { normaliseDomain } from '../../shared/domains';
import { monitorDays } from '../db/schema';
import { REFRESHING_HEADER } from '../http/freshness';

let t: TestApp;
let cookie: string;
let gridpane: Awaited<ReturnType<typeof startFakeGridPane>>;
let uptime: Awaited<ReturnType<typeof startFakeBetterUptime>>;

beforeAll(async () => {
  gridpane = await startFakeGridPane({
    sites: 20,
    servers: 3,
    seed: 4,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  uptime = await startFakeBetterUptime({ sites: gridpane.fleet.sites.map((s) => String(s.url)), seed: 4 });
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await Promise.all([gridpane.close(), uptime.close()]);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('GET /api/dashboard', () => {
  it('shows no figures (null) before the integrations are configured', async () => {
    const d = (await get('/api/dashboard')).json();
    expect(d).toMatchObject({
      totalSites: null,
      online: null,
      avgResponseMs: null,
      uptime30d: null,
      websiteStatus: [],
      history: [],
    });
    expect(d.integrations).toEqual({ gridpane: false, betteruptime: false });
  });

  it('computes every figure from the providers’ data', async () => {
    await post('/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
    await post('/api/integrations/betteruptime', { apiToken: uptime.token, baseUrl: uptime.url });
    await t.services.jobs.idle();
    const d = (await get('/api/dashboard')).json();
    expect(d.totalSites).toBe(20);
    expect(d.totalMonitors).toBe(uptime.monitors.length);
    // Online and Down count websites by their health: the GridPane sites whose monitor says up or down
    // (a monitor of no website, such as the agency's status page, is no website), as the list counts them.
    const sites = new Set(gridpane.fleet.sites.map((s) => normaliseDomain(String(s.url))));
    const watching = (status: string) =>
      uptime.monitors.filter(
        (m) => m.attributes.status === status && sites.has(normaliseDomain(String(m.attributes.url))),
      ).length;
    const listed = async (health: string) =>
      (await get(`/api/websites?pageSize=1&health=${health}`)).json().total as number;
    expect(d.online).toBe(watching('up'));
    expect(d.down).toBe(watching('down'));
    expect([d.online, d.down]).toEqual([await listed('up'), await listed('down')]);
    const monitors = (await get('/api/monitors')).json().data as {
      cachedUptime: number | null;
      cachedAvgResponse: number | null;
    }[];
    const uptimes = monitors.flatMap((m) => (m.cachedUptime === null ? [] : [m.cachedUptime]));
    expect(d.uptime30d).toBeCloseTo(uptimes.reduce((a, b) => a + b, 0) / uptimes.length, 1);
    expect(d.avgResponseMs).toBeGreaterThan(0);

    // Problem sites first.
    expect(d.websiteStatus).toHaveLength(4);
    const order = ['offline', 'warning', 'maintenance', 'online', null];
    const ranks = d.websiteStatus.map((c: { status: string | null }) => order.indexOf(c.status));
    expect([...ranks].sort()).toEqual(ranks);
    if (d.down > 0) expect(d.websiteStatus[0].status).toBe('offline');
  });

  it('gives the two least available monitors 30 days of history, backfilled', async () => {
    const d = (await get('/api/dashboard')).json();
    expect(d.history).toHaveLength(2);
    const [a, b] = d.history;
    expect(a.overallUptime).toBeLessThanOrEqual(b.overallUptime);
    for (const w of d.history) {
      expect(w.days).toHaveLength(30);
      const known = w.days.filter((x: { status: string | null }) => x.status !== null);
      expect(known.length).toBeGreaterThanOrEqual(25);
      for (const x of known) expect(['up', 'down', 'degraded']).toContain(x.status);
    }
  });
});

describe('GET /api/dashboard after a sync', () => {
  it('shows what each sync wrote, even within the same millisecond (the clock here stands still)', async () => {
    const before = (await get('/api/dashboard')).json();
    const up = uptime.monitors.find((m) => m.attributes.status === 'up')!;
    uptime.setStatus(up.id, 'down');
    expect((await get('/api/monitors?refresh=true')).statusCode).toBe(200);
    const after = (await get('/api/dashboard')).json();
    expect(after.down).toBe(before.down + 1);
    expect(after.online).toBe(before.online - 1);
    const offline = after.websiteStatus.filter((c: { status: string }) => c.status === 'offline');
    expect(offline).toHaveLength(Math.min(4, after.down));
    // Every card still links to its website page.
    for (const c of after.websiteStatus) expect(c.websiteId).toEqual(expect.any(Number));
  });

  it('shows a day of history once it is written, though the widgets are kept in between', async () => {
    const [w] = (await get('/api/dashboard')).json().history;
    const day = w.days.findLast((x: { status: string | null }) => x.status !== null).day;
    await t.db
      .update(monitorDays)
      .set({ uptime: 50, status: 'down' })
      .where(and(eq(monitorDays.monitorId, w.monitorId), eq(monitorDays.day, day)));
    // At once, or (background work of the app's own running meanwhile) after one answer that says it
    // is the previous one, still refreshing. The app's own figures job may write the day again
    // meanwhile: the dashboard shows whatever the day's row holds.
    const stored = async () => {
      const [row] = await t.db
        .select({ status: monitorDays.status, uptime: monitorDays.uptime })
        .from(monitorDays)
        .where(and(eq(monitorDays.monitorId, w.monitorId), eq(monitorDays.day, day)));
      return { day, status: row!.status, uptime: row!.uptime === null ? null : Number(row!.uptime) };
    };
    const first = await get('/api/dashboard');
    const read = first.json().history[0];
    const dayOf = (h: { days: { day: string }[] }) => h.days.find((x) => x.day === day);
    // Not marked refreshing: what the test wrote, or what the figures job wrote after it.
    if (first.headers[REFRESHING_HEADER] !== 'true')
      expect([{ day, status: 'down', uptime: 50 }, await stored()]).toContainEqual(dayOf(read));
    await expect
      .poll(async () => {
        const shown = dayOf((await get('/api/dashboard')).json().history[0]);
        return JSON.stringify(shown) === JSON.stringify(await stored());
      })
      .toBe(true);
    expect(read.monitorId).toBe(w.monitorId);
  });

  it('drops the figures of an integration that is turned off', async () => {
    const gp = await t.app.inject({
      method: 'PATCH',
      url: '/api/integrations/gridpane',
      headers: { cookie },
      payload: { enabled: false },
    });
    expect(gp.statusCode).toBe(200);
    const d = (await get('/api/dashboard')).json();
    expect(d.integrations.gridpane).toBe(false);
    expect(d.totalSites).toBeNull();
    expect(d.websiteStatus).toEqual([]);
    expect(d.totalMonitors).toBe(uptime.monitors.length);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/integrations/gridpane',
      headers: { cookie },
      payload: { enabled: true },
    });
    await t.services.jobs.idle();
    expect((await get('/api/dashboard')).json().totalSites).toBe(20);
  });
});

describe('GET /api/search', () => {
  it('ranks title start, then a word of the title, then the description', async () => {
    await post('/api/clients', { name: 'Brightside Zentalcare' });
    await post('/api/clients', { name: 'Zentalcare Partners' });
    await post('/api/clients', { name: 'Oak & Iron', company: 'Zentalcare Holdings' });
    const res = (await get('/api/search?q=zentalcare')).json().data;
    expect(res.map((r: { title: string }) => r.title)).toEqual([
      'Zentalcare Partners',
      'Brightside Zentalcare',
      'Oak & Iron',
    ]);
    expect(res[0]).toMatchObject({ type: 'client', link: expect.stringContaining('/clients') });
  });

  it('finds websites, servers and monitors from real data', async () => {
    const site = String(gridpane.fleet.sites[3]!.url).replace(/^www\./, '');
    const bySite = (await get(`/api/search?q=${encodeURIComponent(site)}`)).json().data;
    expect(
      bySite.some((r: { type: string; title: string }) => r.type === 'website' && r.title === site),
    ).toBe(true);
    const server = String(gridpane.fleet.servers[0]!.label);
    const byServer = (await get(`/api/search?q=${encodeURIComponent(server)}`)).json().data;
    expect(byServer[0]).toMatchObject({ type: 'server', title: server });
    const monitor = String(uptime.monitors[0]!.attributes.pronounceable_name);
    const byMonitor = (await get(`/api/search?q=${encodeURIComponent(monitor)}`)).json().data;
    expect(byMonitor.some((r: { type: string }) => r.type === 'monitor')).toBe(true);
  });

  it('finds what was just added or renamed, in any case, though answers are kept in between', async () => {
    const titles = async (q: string) =>
      (await get(`/api/search?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((r: { title: string }) => r.title);
    expect(await titles('quokka')).toEqual([]);
    expect(await titles('quokka')).toEqual([]);
    const task = (await post('/api/tasks', { title: 'Quokka plugin audit', project: 'Care plan' })).json();
    expect(await titles('QUOKKA')).toEqual(['Quokka plugin audit']);
    expect(await titles('care PLAN')).toEqual(['Quokka plugin audit']);
    const client = (
      await post('/api/clients', { name: 'Wombat Bakery', email: 'Hello@Quokka.example' })
    ).json();
    expect(await titles('quokka')).toEqual(['Quokka plugin audit', 'Wombat Bakery']);
    await t.app.inject({ method: 'DELETE', url: `/api/tasks/${task.id}`, headers: { cookie } });
    await t.app.inject({ method: 'DELETE', url: `/api/clients/${client.id}`, headers: { cookie } });
    expect(await titles('quokka')).toEqual([]);
  });

  it('treats % and _ literally, caps the limit and rejects over-long queries', async () => {
    expect((await get('/api/search?q=%25')).json().data).toEqual([]);
    expect((await get('/api/search?q=e&limit=3')).json().data.length).toBeLessThanOrEqual(3);
    expect((await get(`/api/search?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await get('/api/search?q=e&limit=500')).statusCode).toBe(400);
  });
});
