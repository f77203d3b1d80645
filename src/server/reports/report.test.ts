import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { summaryUptime } from '../../shared/reports';
import {
  agencySettings,
  checkResults,
  checks,
  clients,
  incidents,
  maintenanceWindows,
  tasks,
  websites,
  websiteVersions,
} from '../db/schema';

// A hand-computed fixture in the agency's time zone (Europe/Berlin, UTC+1 in November): the day
// 2026-11-10 runs from 2026-11-09T23:00Z to 2026-11-10T23:00Z.
let t: TestApp;
let cookie: string;
let clientId: number;
let otherClientId: number;
const site: Record<string, number> = {};
const DAY_START = Date.parse('2026-11-09T23:00:00Z');
let bu: Awaited<ReturnType<typeof startFakeBetterUptime>>;

async function addSite(domain: string, client: number | null, serverId: string | null = null) {
  const [w] = await t.db
    .insert(websites)
    .values({
      name: domain,
      domain,
      integrationProvider: 'gridpane',
      status: 'active',
      environment: 'production',
      clientId: client,
      serverId,
    })
    .returning();
  site[domain] = w!.id;
  return w!.id;
}

async function addCheck(websiteId: number) {
  const [c] = await t.db
    .insert(checks)
    .values({
      name: 'home',
      url: 'https://x.example',
      intervalSeconds: 60,
      timeoutSeconds: 10,
      expectedStatus: '200-399',
      confirmations: 2,
      websiteId,
    })
    .returning();
  return c!.id;
}

beforeAll(async () => {
  bu = await startFakeBetterUptime({ sites: ['https://www.monitored.example'], seed: 3 });
  t = await createTestApp();
  cookie = await t.signIn();
  await t.db
    .insert(agencySettings)
    .values({ id: 1, name: 'Pixel & Co', timeZone: 'Europe/Berlin' })
    .onConflictDoUpdate({
      target: agencySettings.id,
      set: { name: 'Pixel & Co', timeZone: 'Europe/Berlin' },
    });
  const [c] = await t.db
    .insert(clients)
    .values({ name: 'Dental Co', email: 'office@dental.example' })
    .returning();
  const [o] = await t.db.insert(clients).values({ name: 'Other' }).returning();
  clientId = c!.id;
  otherClientId = o!.id;
  const a = await addSite('a.example', clientId, '7');
  await addSite('b.example', clientId);
  const cSite = await addSite('c.example', clientId);
  await addSite('monitored.example', clientId);
  await addSite('elsewhere.example', otherClientId, '7');

  // a.example: one result a minute all day; down from 10:00 to 10:30 local (09:00–09:30Z).
  const checkA = await addCheck(a);
  await addCheck(cSite); // c.example has a check that never ran in the period
  const rows = Array.from({ length: 1440 }, (_, m) => {
    const down = m >= 600 && m < 630;
    return {
      checkId: checkA,
      dueAt: new Date(DAY_START + m * 60_000),
      lagMs: 1,
      ok: !down,
      responseMs: down ? null : m % 2 === 0 ? 100 : 300,
      statusCode: down ? 503 : 200,
    };
  });
  // Results outside the day (before and after) must not count.
  rows.push({
    checkId: checkA,
    dueAt: new Date(DAY_START - 60_000),
    lagMs: 1,
    ok: false,
    responseMs: null,
    statusCode: 500,
  });
  rows.push({
    checkId: checkA,
    dueAt: new Date(DAY_START + 1440 * 60_000),
    lagMs: 1,
    ok: false,
    responseMs: null,
    statusCode: 500,
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(checkResults).values(rows.slice(i, i + 500));

  await t.db.insert(incidents).values([
    {
      source: 'check',
      checkId: checkA,
      websiteId: a,
      title: 'a.example is down',
      cause: 'HTTP 503',
      startedAt: new Date('2026-11-10T09:00:00Z'),
      endedAt: new Date('2026-11-10T09:30:00Z'),
    },
    {
      // Began before the day (22:00 local on the 9th) and ended in it: listed, with its whole length.
      source: 'check',
      checkId: checkA,
      websiteId: a,
      title: 'a.example was down around midnight',
      startedAt: new Date('2026-11-09T21:00:00Z'),
      endedAt: new Date('2026-11-09T23:10:00Z'),
    },
    {
      source: 'check',
      checkId: checkA,
      websiteId: a,
      title: 'a.example was down the week before',
      startedAt: new Date('2026-11-02T09:00:00Z'),
      endedAt: new Date('2026-11-02T09:10:00Z'),
    },
  ]);
  await t.db.insert(maintenanceWindows).values([
    // The whole client, once: 06:00–07:00 local.
    { reason: 'Plugin updates', startsAt: new Date('2026-11-10T05:00:00Z'), durationMinutes: 60, clientId },
    // b.example every week from the 3rd at 13:00 local, 30 minutes: the 10th's occurrence is in.
    {
      reason: 'Backups',
      startsAt: new Date('2026-11-03T12:00:00Z'),
      durationMinutes: 30,
      repeat: 'weekly',
      websiteIds: [site['b.example']!],
    },
    // Another client's window: not ours.
    {
      reason: 'Not ours',
      startsAt: new Date('2026-11-10T05:00:00Z'),
      durationMinutes: 60,
      clientId: otherClientId,
    },
  ]);
  await t.db.insert(websiteVersions).values([
    { websiteId: a, seenAt: new Date('2026-11-01T08:00:00Z'), wordpressVersion: '6.6.2', php: '8.2' },
    { websiteId: a, seenAt: new Date('2026-11-15T08:00:00Z'), wordpressVersion: '6.7', php: '8.3' },
  ]);
  await t.db.insert(tasks).values([
    // 00:30 local on the 10th: in (it is still the 9th in UTC).
    { title: 'Update plugins', status: 'completed', clientId, completedAt: new Date('2026-11-09T23:30:00Z') },
    {
      title: 'Fix contact form',
      status: 'completed',
      websiteId: a,
      completedAt: new Date('2026-11-10T12:00:00Z'),
    },
    // 00:30 local on the 11th: out.
    { title: 'Too late', status: 'completed', clientId, completedAt: new Date('2026-11-10T23:30:00Z') },
    { title: 'Not done', status: 'todo', clientId, completedAt: new Date('2026-11-10T12:00:00Z') },
    {
      title: 'Other client',
      status: 'completed',
      clientId: otherClientId,
      completedAt: new Date('2026-11-10T12:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await t.close();
  await bu.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('client report', () => {
  it('states 97.92 % for 30 of 1,440 minutes down, with the incident, in the agency time zone', async () => {
    const res = await get(`/api/clients/${clientId}/report?from=2026-11-10&to=2026-11-10`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.client).toMatchObject({ id: clientId, name: 'Dental Co' });
    // No company: the contact's name is the title, and no contact line below it.
    expect(report).toMatchObject({ title: 'Dental Co', contact: null });
    expect(report.agency.name).toBe('Pixel & Co');
    expect(report).toMatchObject({ from: '2026-11-10', to: '2026-11-10', timeZone: 'Europe/Berlin' });
    expect(report.websites.map((w: { domain: string }) => w.domain)).toEqual([
      'a.example',
      'b.example',
      'c.example',
      'monitored.example',
    ]);
    const a = report.websites[0];
    expect(a).toMatchObject({
      websiteId: site['a.example'],
      uptime: 97.92,
      uptimeSource: 'checks',
      uptimeSourceLabel: 'Agency Hub checks: 1,410 of 1,440 results up',
      // 705 answers of 100 ms and 705 of 300 ms.
      avgResponseMs: 200,
      wordpressVersion: '6.6.2',
      phpVersion: '8.2',
      // Measured from the period's start: the figure stands alone, and its one day is the same figure.
      measuredFrom: '2026-11-09T23:00:00.000Z',
      measuredPartly: false,
      daily: [{ day: '2026-11-10', uptime: 97.92 }],
    });
    expect(summaryUptime(a, report.timeZone)).toEqual({ value: '97.92 %', since: null });
    expect(a.incidents).toEqual([
      expect.objectContaining({ title: 'a.example was down around midnight', durationSeconds: 7800 }),
      {
        id: expect.any(Number),
        source: 'check',
        title: 'a.example is down',
        cause: 'HTTP 503',
        startedAt: '2026-11-10T09:00:00.000Z',
        endedAt: '2026-11-10T09:30:00.000Z',
        durationSeconds: 1800,
      },
    ]);
    expect(a.maintenance).toEqual([
      expect.objectContaining({
        reason: 'Plugin updates',
        startsAt: '2026-11-10T05:00:00.000Z',
        durationMinutes: 60,
      }),
    ]);
    const b = report.websites[1];
    expect(b).toMatchObject({
      uptime: null,
      uptimeSource: null,
      avgResponseMs: null,
      wordpressVersion: null,
      measuredFrom: null,
      measuredPartly: false,
      // Nothing watches it: no daily figures at all.
      daily: null,
    });
    expect(summaryUptime(b, report.timeZone)).toEqual({ value: 'No data', since: null });
    expect(b.maintenance.map((m: { reason: string; startsAt: string }) => [m.reason, m.startsAt])).toEqual([
      ['Plugin updates', '2026-11-10T05:00:00.000Z'],
      ['Backups', '2026-11-10T12:00:00.000Z'],
    ]);
    // A check that measured nothing in the period: no data, never 0 % or 100 %.
    expect(report.websites[2]).toMatchObject({
      uptime: null,
      uptimeSource: 'checks',
      avgResponseMs: null,
      daily: [{ day: '2026-11-10', uptime: null }],
    });
    expect(report.tasksCompleted.map((x: { title: string }) => x.title)).toEqual([
      'Update plugins',
      'Fix contact form',
    ]);
  });

  it('states uptime over the measured time only, day by day, and says since when', async () => {
    // Nothing was measured on the 8th; the 9th has one failed result (23:59 local), the 10th the
    // whole day, the 11th one failed result (00:00 local).
    const res = await get(`/api/clients/${clientId}/report?from=2026-11-08&to=2026-11-11`);
    const a = res.json().websites[0];
    expect(a).toMatchObject({
      // 1,410 up of 1,442 results: the unmeasured days count neither up nor down.
      uptime: 97.78,
      uptimeSourceLabel: 'Agency Hub checks: 1,410 of 1,442 results up',
      measuredFrom: '2026-11-09T22:59:00.000Z',
      measuredPartly: true,
      daily: [
        { day: '2026-11-08', uptime: null },
        { day: '2026-11-09', uptime: 0 },
        { day: '2026-11-10', uptime: 97.92 },
        { day: '2026-11-11', uptime: 0 },
      ],
    });
    expect(summaryUptime(a, 'Europe/Berlin')).toEqual({ value: '97.78 %', since: 'since 9 Nov 2026, 23:59' });
    // Per site in the summary: its incidents in the period and its mean response.
    expect(a.incidents).toHaveLength(2);
    expect(a.avgResponseMs).toBe(200);
  });

  it("is titled with the client's company, the contact below it", async () => {
    await t.db.update(clients).set({ company: 'Harbour Dental GmbH' }).where(eq(clients.id, clientId));
    try {
      const res = await get(`/api/clients/${clientId}/report?from=2026-11-10&to=2026-11-10`);
      expect(res.json()).toMatchObject({ title: 'Harbour Dental GmbH', contact: 'Dental Co' });
      const pdf = await get(`/api/clients/${clientId}/report.pdf?from=2026-11-10&to=2026-11-10`);
      expect(pdf.headers['content-disposition']).toBe(
        'attachment; filename="harbour-dental-gmbh-report-2026-11-10-to-2026-11-10.pdf"',
      );
    } finally {
      await t.db.update(clients).set({ company: null }).where(eq(clients.id, clientId));
    }
  });

  it('gives the same figures twice', async () => {
    const url = `/api/clients/${clientId}/report?from=2026-11-10&to=2026-11-10`;
    expect((await get(url)).json()).toEqual((await get(url)).json());
  });

  it('has no data for a period with no results', async () => {
    const res = await get(`/api/clients/${clientId}/report?from=2026-09-01&to=2026-09-30`);
    expect(res.statusCode).toBe(200);
    for (const w of res.json().websites) expect(w.uptime).toBeNull();
    expect(res.json().tasksCompleted).toEqual([]);
  });

  it('defaults to the previous month', async () => {
    t.clock.advance(Date.parse('2026-12-05T10:00:00Z') - t.clock.now().getTime());
    cookie = await t.signIn();
    const res = await get(`/api/clients/${clientId}/report`);
    expect(res.json()).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    // Versions at the end of November: the change seen on the 15th counts now.
    expect(res.json().websites[0]).toMatchObject({ wordpressVersion: '6.7', phpVersion: '8.3' });
  });

  it('refuses bad periods with a field error, and an unknown client', async () => {
    const bad = async (query: string, field: string, message: RegExp) => {
      const res = await get(`/api/clients/${clientId}/report?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field].join(' ')).toMatch(message);
    };
    await bad('from=2026-11-10&to=2026-11-09', 'from', /from must be on or before to/);
    await bad('from=2025-01-01&to=2026-02-05', 'to', /at most 400 days/);
    await bad('from=2026-02-30&to=2026-03-01', 'from', /from must be a date \(YYYY-MM-DD\)/);
    await bad('from=yesterday&to=2026-03-01', 'from', /YYYY-MM-DD/);
    await bad('from=2026-03-01', 'to', /to must be a date/);
    // 400 days exactly is allowed.
    expect((await get(`/api/clients/${clientId}/report?from=2025-01-01&to=2026-02-04`)).statusCode).toBe(200);
    expect((await get('/api/clients/99999/report?from=2026-11-01&to=2026-11-02')).statusCode).toBe(404);
  });

  it("uses Better Uptime's SLA for exactly the period and for each of its days, asked once", async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/betteruptime',
      headers: { cookie },
      payload: { apiToken: bu.token, baseUrl: bu.url },
    });
    expect(saved.statusCode).toBe(200);
    await t.services.jobs.idle();
    const monitor = bu.monitors[0]!;
    const direct = await fetch(`${bu.url}/monitors/${monitor.id}/sla?from=2026-10-01&to=2026-10-31`, {
      headers: { authorization: `Bearer ${bu.token}` },
    });
    const availability = (await direct.json()).data.attributes.availability as number;
    const url = `/api/clients/${clientId}/report?from=2026-10-01&to=2026-10-31`;
    const before = bu.requests.filter((r) => r.path.endsWith('/sla')).length;
    const w = (await get(url))
      .json()
      .websites.find((x: { domain: string }) => x.domain === 'monitored.example');
    expect(w).toMatchObject({ uptime: Math.round(availability * 100) / 100, uptimeSource: 'betteruptime' });
    expect(w.uptimeSourceLabel).toMatch(/Better Uptime SLA.*2026-10-01 to 2026-10-31/);
    const slaCalls = () => bu.requests.filter((r) => r.path.endsWith('/sla'));
    const asked = slaCalls().slice(before);
    expect(asked.filter((r) => r.query.from === '2026-10-01' && r.query.to === '2026-10-31')).toHaveLength(1);
    // A bar a day: each day's own SLA (the UTC day of that date), none before the monitor existed.
    const made = String(monitor.attributes.created_at).slice(0, 10);
    expect(w.daily).toHaveLength(31);
    expect(w.daily.filter((d: { uptime: number | null }) => d.uptime !== null).length).toBeGreaterThan(0);
    for (const d of w.daily as { day: string; uptime: number | null }[]) {
      if (d.day < made) {
        expect(d.uptime).toBeNull();
        continue;
      }
      const day = await fetch(`${bu.url}/monitors/${monitor.id}/sla?from=${d.day}&to=${d.day}`, {
        headers: { authorization: `Bearer ${bu.token}` },
      });
      expect(d.uptime).toBe(Math.round((await day.json()).data.attributes.availability * 100) / 100);
    }
    const dayCalls = asked.filter((r) => r.query.from === r.query.to);
    expect(dayCalls.length).toBe(w.daily.filter((d: { day: string }) => d.day >= made).length);
    // Twice: the same figures, from what was kept: Better Uptime is not asked again.
    const calls = slaCalls().length;
    const again = (await get(url))
      .json()
      .websites.find((x: { domain: string }) => x.domain === 'monitored.example');
    expect(again.uptime).toBe(w.uptime);
    expect(again.daily).toEqual(w.daily);
    expect(slaCalls().length).toBe(calls);
    // Better Uptime failing: no figure (never 0 or 100), said in the label, and not cached.
    const september = `/api/clients/${clientId}/report?from=2026-09-01&to=2026-09-30`;
    const monitored = async () =>
      (await get(september))
        .json()
        .websites.find((x: { domain: string }) => x.domain === 'monitored.example');
    bu.setFailure('server_error');
    const failed = await monitored();
    bu.setFailure(null);
    expect(failed).toMatchObject({ uptime: null, uptimeSource: 'betteruptime' });
    expect(failed.uptimeSourceLabel).toMatch(/no figure \(.*Better Uptime/);
    expect((await monitored()).uptime).toEqual(expect.any(Number));
    // Sites without a monitor still say no data.
    expect(
      (await get(url)).json().websites.find((x: { domain: string }) => x.domain === 'b.example').uptime,
    ).toBeNull();
  });
});
