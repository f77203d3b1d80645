import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { checks, maintenanceWindows, websites } from '../db/schema';

// Our checks beside Better Uptime's monitors, paged and filtered on the server.
let t: TestApp;
let cookie: string;
let uptime: Awaited<ReturnType<typeof startFakeBetterUptime>>;
beforeAll(async () => {
  uptime = await startFakeBetterUptime({
    sites: ['https://alpha.example', 'https://bravo.example', 'https://charlie.example'],
    seed: 3,
    statuses: { 'alpha.example': 'up', 'bravo.example': 'down', 'charlie.example': 'paused' },
  });
  t = await createTestApp();
  cookie = await t.signIn();
  const base = { intervalSeconds: 60, timeoutSeconds: 10, expectedStatus: '200-399', confirmations: 2 };
  await t.db.insert(checks).values([
    { ...base, name: 'shop.example', url: 'https://shop.example', status: 'up', lastResponseMs: 120 },
    { ...base, name: 'blog.example', url: 'https://blog.example', status: 'down' },
    {
      ...base,
      name: 'alpha checkout',
      url: 'https://alpha.example/checkout',
      status: 'pending',
      paused: true,
    },
  ]);
});
afterAll(async () => {
  await t.close();
  await uptime.close();
});
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((r) => r.name);

describe('GET /api/uptime', () => {
  it('lists our checks alone while Better Uptime is not set up, down first', async () => {
    const res = await get('/api/uptime');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 3,
      page: 1,
      pageSize: 50,
      counts: { check: 3, monitor: 0 },
      betteruptime: { configured: false },
    });
    expect(res.json().data.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['blog.example', 'down'],
      ['alpha checkout', 'paused'],
      ['shop.example', 'up'],
    ]);
    expect(res.json().data[2]).toMatchObject({
      source: 'check',
      type: 'HTTP',
      responseMs: 120,
      uptime: null,
      measuredFrom: null, // nothing measured yet: no span start posing as measured time
      frequencySeconds: 60,
    });
  });

  it('adds the monitors once Better Uptime is set up; filters by source, status and text; pages', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/integrations/betteruptime',
      headers: { cookie },
      payload: { apiToken: uptime.token, baseUrl: uptime.url },
    });
    await t.services.jobs.idle();
    await get('/api/monitors');
    await t.services.jobs.idle();
    const monitors = uptime.monitors.length;
    const downMonitors = uptime.monitors.filter((m) => m.attributes.status === 'down').length;
    const all = await get('/api/uptime?pageSize=4');
    expect(all.json()).toMatchObject({
      total: 3 + monitors,
      counts: { check: 3, monitor: monitors },
      betteruptime: { configured: true },
    });
    expect(all.json().data).toHaveLength(4);
    expect(all.json().data[0].status).toBe('down');
    const pages = Math.ceil((3 + monitors) / 4);
    expect((await get(`/api/uptime?pageSize=4&page=${pages}`)).json().data).toHaveLength(
      (3 + monitors) % 4 || 4,
    );
    expect((await get('/api/uptime?page=9')).json()).toMatchObject({ data: [], total: 3 + monitors });
    expect(names(await get('/api/uptime?source=monitor&sort=name'))).toHaveLength(monitors);
    expect((await get('/api/uptime?status=down')).json().total).toBe(1 + downMonitors);
    const searched = await get('/api/uptime?q=ALPHA&sort=-name');
    expect(searched.statusCode, searched.body).toBe(200);
    const alphas = names(searched);
    expect(alphas).toHaveLength(2);
    expect(alphas).toContain('alpha checkout');
    expect([...alphas].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase()))).toEqual(alphas);
    const alpha = (await get('/api/uptime?q=alpha&source=monitor')).json().data[0];
    expect(alpha).toMatchObject({ source: 'monitor', status: 'up', url: 'https://alpha.example/' });
    expect(typeof alpha.uptime).toBe('number');
    // Its 30 days are measured from the span's start, or from the monitor's creation when newer.
    const made = uptime.monitors.find((m) => String(m.attributes.url).includes('alpha'))!.attributes
      .created_at;
    const spanStart = t.clock.now().getTime() - 30 * 86_400_000;
    expect(alpha.measuredFrom).toBe(
      new Date(Math.max(spanStart, made ? Date.parse(String(made)) : spanStart)).toISOString(),
    );
    // Page by page, checks and monitors interleave exactly as in one long page, for every order.
    const key = (r: { source: string; id: string }) => `${r.source}:${r.id}`;
    for (const sort of ['status', '-status', 'name', '-name', 'lastChecked', '-lastChecked']) {
      const whole = (await get(`/api/uptime?pageSize=200&sort=${sort}`)).json().data.map(key);
      expect(whole).toHaveLength(3 + monitors);
      const paged: string[] = [];
      for (let page = 1; page <= pages; page++)
        paged.push(...(await get(`/api/uptime?pageSize=4&page=${page}&sort=${sort}`)).json().data.map(key));
      expect(paged, sort).toEqual(whole);
    }
  });

  it("shows every change at once though Better Uptime's side is kept between changes", async () => {
    const row = async (q: string) => (await get(`/api/uptime?q=${q}`)).json().data[0];
    // Paging through a kept side still answers the page asked for.
    expect(await row('bravo')).toMatchObject({ source: 'monitor', websiteId: null, status: 'down' });
    expect(await row('bravo')).toMatchObject({ source: 'monitor', websiteId: null });
    // Our website of the monitor's domain links it, and unlinks it when it goes.
    const [site] = await t.db
      .insert(websites)
      .values({
        name: 'Bravo',
        domain: 'bravo.example',
        integrationProvider: 'manual',
        status: 'active',
        environment: 'production',
      })
      .returning();
    expect((await row('bravo')).websiteId).toBe(site!.id);
    await t.db.delete(websites).where(eq(websites.id, site!.id));
    expect((await row('bravo')).websiteId).toBeNull();
    // Our checks change with every run: a check going down and a maintenance window show at once.
    await t.db.update(checks).set({ status: 'down' }).where(eq(checks.name, 'shop.example'));
    const shop = await row('shop.example');
    expect(shop).toMatchObject({ status: 'down', inMaintenance: false });
    await t.db.insert(maintenanceWindows).values({
      startsAt: new Date(Date.now() - 60_000),
      durationMinutes: 60,
      checkIds: [Number(shop.id)],
    });
    expect(await row('shop.example')).toMatchObject({ status: 'down', inMaintenance: true });
    // A monitor's new status, written by a sync, shows on the next call.
    uptime.setStatus(uptime.monitors.find((m) => String(m.attributes.url).includes('bravo'))!.id, 'up');
    await get('/api/monitors?refresh=true');
    await t.services.jobs.idle();
    expect(await row('bravo')).toMatchObject({ source: 'monitor', status: 'up' });
  });

  it.each([
    ['page=0', 'page'],
    ['pageSize=10000', 'pageSize'],
    ['sort=uptime', 'sort'],
    ['source=pingdom', 'source'],
    ['status=sleeping', 'status'],
    ['extra=1', ''],
  ])('refuses %s with a 400', async (query, field) => {
    const res = await get(`/api/uptime?${query}`);
    expect(res.statusCode).toBe(400);
    if (field) expect(Object.keys(res.json().fieldErrors)).toContain(field);
  });
});
