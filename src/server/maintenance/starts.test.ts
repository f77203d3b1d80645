import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBetterUptime, startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { insertWebsites } from '../../../test/support/websites';
import type { Incident } from '../../shared/incidents';
import { alertChannels, alertDeliveries } from '../db/schema';
import { MAINTENANCE_STARTS_JOB } from './starts';

// A maintenance window that starts ends the open incidents of the Better Uptime monitors of the
// websites it covers at once, quietly and saying why: when it is made to start now, and when its
// start comes with time (the minute's job). Nobody waits for the next Better Uptime sync.
let t: TestApp;
let cookie: string;
let uptime: FakeBetterUptime;
const DOMAINS = ['now.example', 'later.example', 'other.example'];
const site: Record<string, number> = {};

beforeAll(async () => {
  uptime = await startFakeBetterUptime({ sites: DOMAINS.map((d) => `https://${d}`), seed: 5 });
  for (const m of uptime.monitors) uptime.setStatus(m.id, 'up');
  for (const d of DOMAINS) uptime.setStatus(monitorOf(d).id, 'down');
  t = await createTestApp();
  cookie = await t.signIn();
  await t.db.insert(alertChannels).values({ kind: 'email', name: 'Ops', target: 'ops@agency.test' });
  Object.assign(site, await insertWebsites(t.db, DOMAINS));
  // The first sync finds the three monitors down: each opens an incident about its website.
  const saved = await api('POST', '/api/integrations/betteruptime', {
    apiToken: uptime.token,
    baseUrl: uptime.url,
  });
  expect(saved.statusCode).toBe(200);
  await t.services.jobs.idle();
  for (const d of DOMAINS) expect((await incidentsOf(d))[0], d).toMatchObject({ status: 'open' });
});
afterAll(async () => {
  await t.close();
  await uptime.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const monitorOf = (domain: string) => uptime.monitors.find((m) => String(m.attributes.url).includes(domain))!;
const incidentsOf = async (domain: string): Promise<Incident[]> =>
  (await api('GET', `/api/incidents?websiteId=${site[domain]}`)).json().data;
const backUpAlerts = async (domain: string) =>
  t.db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.event, 'resolved'), eq(alertDeliveries.title, `${domain} is back up`)));

describe('a maintenance window that starts', () => {
  it('ends the open incident of its website’s monitor when it is made to start now, without a sync', async () => {
    const asked = uptime.requests.length;
    const window = await api('POST', '/api/maintenance', {
      websiteIds: [site['now.example']],
      durationMinutes: 30,
      reason: 'Plugin updates',
    });
    expect(window.statusCode).toBe(201);
    const [ended] = await incidentsOf('now.example');
    expect(ended).toMatchObject({
      status: 'resolved',
      endReason: 'maintenance',
      monitorId: monitorOf('now.example').id,
    });
    expect(ended!.cause).toMatch(/\(monitor in maintenance\)$/);
    expect(await backUpAlerts('now.example')).toHaveLength(0);
    // Better Uptime was not asked, and the websites the window does not cover keep theirs.
    expect(uptime.requests.length).toBe(asked);
    expect((await incidentsOf('later.example'))[0]).toMatchObject({ status: 'open' });
    expect((await incidentsOf('other.example'))[0]).toMatchObject({ status: 'open' });
  });

  it('ends it when a window scheduled for later starts, by the minute’s job', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 5 * 60_000).toISOString();
    const window = await api('POST', '/api/maintenance', {
      websiteIds: [site['later.example']],
      startsAt,
      durationMinutes: 30,
    });
    expect(window.json()).toMatchObject({ state: 'scheduled' });
    expect(await t.services.jobs.run(MAINTENANCE_STARTS_JOB)).toBe(0);
    expect((await incidentsOf('later.example'))[0]).toMatchObject({ status: 'open' });

    t.clock.advance(6 * 60_000);
    expect(await t.services.jobs.run(MAINTENANCE_STARTS_JOB)).toBe(1);
    expect((await incidentsOf('later.example'))[0]).toMatchObject({
      status: 'resolved',
      endReason: 'maintenance',
    });
    expect((await incidentsOf('other.example'))[0]).toMatchObject({ status: 'open' });
    // The next sync, the monitor still down, opens none while the window lasts.
    expect((await api('GET', '/api/monitors?refresh=true')).statusCode).toBe(200);
    await t.services.jobs.idle();
    expect((await incidentsOf('later.example')).map((i) => i.status)).toEqual(['resolved']);
  });
});
