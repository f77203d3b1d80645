import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBetterUptime, startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { insertWebsites } from '../../../test/support/websites';
import type { Incident } from '../../shared/incidents';
import { alertChannels, alertDeliveries, incidents, websites } from '../db/schema';
import { syncMonitorIncidents } from './incidents';

// Better Uptime's monitors against their incidents, one sync at a time: whatever a sync finds (down at
// first sight, paused, gone from the list, its site in maintenance) leaves each monitor with the
// incident it should have.
let t: TestApp;
let cookie: string;
let uptime: FakeBetterUptime;
const DOMAINS = ['paused.example', 'removed.example', 'maint.example', 'back.example', 'steady.example'];
const site: Record<string, number> = {};

beforeAll(async () => {
  // Three pages of monitors, so a page can be missing from a sync.
  uptime = await startFakeBetterUptime({ sites: DOMAINS.map((d) => `https://${d}`), seed: 3, maxPerPage: 3 });
  for (const m of uptime.monitors) uptime.setStatus(m.id, 'up');
  for (const d of ['paused.example', 'removed.example', 'maint.example', 'back.example'])
    uptime.setStatus(monitorOf(d).id, 'down');
  t = await createTestApp();
  cookie = await t.signIn();
  await t.db.insert(alertChannels).values({ kind: 'email', name: 'Ops', target: 'ops@agency.test' });
  Object.assign(site, await insertWebsites(t.db, DOMAINS));
});
afterAll(async () => {
  await t.close();
  await uptime.close();
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const monitorOf = (domain: string) => uptime.monitors.find((m) => String(m.attributes.url).includes(domain))!;
const refresh = async () => {
  expect((await api('GET', '/api/monitors?refresh=true')).statusCode).toBe(200);
  await t.services.jobs.idle();
};
const incidentsOf = async (domain: string): Promise<Incident[]> =>
  (await api('GET', `/api/incidents?websiteId=${site[domain]}`)).json().data;
const alerts = async (event: 'opened' | 'resolved', title: string) =>
  t.db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.event, event), eq(alertDeliveries.title, title)));

describe('incidents of Better Uptime monitors', () => {
  it('opens one for each monitor already down at its first sync, listed on the Incidents page', async () => {
    const saved = await api('POST', '/api/integrations/betteruptime', {
      apiToken: uptime.token,
      baseUrl: uptime.url,
    });
    expect(saved.statusCode).toBe(200);
    await t.services.jobs.idle();
    const open: Incident[] = (await api('GET', '/api/incidents?status=open')).json().data;
    expect(open.map((i) => [i.source, i.title, i.monitorId]).sort()).toEqual(
      ['back.example', 'maint.example', 'paused.example', 'removed.example'].map((d) => [
        'monitor',
        `${d} is down`,
        monitorOf(d).id,
      ]),
    );
    expect(await alerts('opened', 'paused.example is down')).toHaveLength(1);
    await refresh();
    expect((await api('GET', '/api/incidents?status=open')).json().data).toHaveLength(4);
  });

  it('ends it quietly when the monitor is paused', async () => {
    uptime.setStatus(monitorOf('paused.example').id, 'paused');
    await refresh();
    const [ended] = await incidentsOf('paused.example');
    expect(ended).toMatchObject({ status: 'resolved', endReason: 'paused' });
    expect(ended!.cause).toMatch(/\(monitor paused at Better Uptime\)$/);
    expect(await alerts('resolved', 'paused.example is back up')).toHaveLength(0);
  });

  it('ends it when the monitor is gone from a complete list, not from one missing a page', async () => {
    const gone = monitorOf('removed.example');
    uptime.monitors.splice(uptime.monitors.indexOf(gone), 1);
    uptime.setFailure('server_error', { after: 1 });
    await refresh();
    uptime.setFailure(null);
    expect((await incidentsOf('removed.example'))[0]).toMatchObject({ status: 'open' });
    await refresh();
    const [ended] = await incidentsOf('removed.example');
    expect(ended).toMatchObject({ status: 'resolved', endReason: 'removed', monitorId: gone.id });
    expect(await alerts('resolved', 'removed.example is back up')).toHaveLength(0);
  });

  it('ends it when a maintenance window covers its website, and opens another if still down after it', async () => {
    const window = await api('POST', '/api/maintenance', {
      websiteIds: [site['maint.example']],
      durationMinutes: 30,
    });
    expect(window.statusCode).toBe(201);
    await refresh();
    await refresh();
    const during = await incidentsOf('maint.example');
    expect(during).toHaveLength(1);
    expect(during[0]).toMatchObject({ status: 'resolved', endReason: 'maintenance' });
    expect(await alerts('resolved', 'maint.example is back up')).toHaveLength(0);
    expect((await api('DELETE', `/api/maintenance/${window.json().id}`)).statusCode).toBe(204);
    await refresh();
    expect((await incidentsOf('maint.example')).map((i) => i.status)).toEqual(['open', 'resolved']);
  });

  it('ends it when the monitor is up again, and says so', async () => {
    uptime.setStatus(monitorOf('back.example').id, 'up');
    await refresh();
    expect((await incidentsOf('back.example'))[0]).toMatchObject({ status: 'resolved', endReason: 'up' });
    expect(await alerts('resolved', 'back.example is back up')).toHaveLength(1);
  });

  it('opens one incident when two syncs find a monitor down at once', async () => {
    uptime.setStatus(monitorOf('steady.example').id, 'down');
    // Both read the open incidents before either opens one: the unique index keeps it to one.
    const list = await t.services.providers
      .betteruptime({ baseUrl: uptime.url, token: uptime.token })
      .listMonitors();
    const at = t.clock.now();
    await Promise.all([
      syncMonitorIncidents(t.services, list.items, true, at),
      syncMonitorIncidents(t.services, list.items, true, at),
    ]);
    await t.services.jobs.idle();
    const rows = await t.db
      .select()
      .from(incidents)
      .where(eq(incidents.monitorId, monitorOf('steady.example').id));
    expect(rows).toHaveLength(1);
    expect(await alerts('opened', 'steady.example is down')).toHaveLength(1);
  });

  it('gives an incident opened before its website was read that website on a later sync', async () => {
    // Better Uptime read before the host: steady.example is not one of our websites yet.
    const monitor = monitorOf('steady.example').id;
    uptime.setStatus(monitor, 'up');
    await refresh();
    await t.db
      .update(websites)
      .set({ domain: 'elsewhere.example' })
      .where(eq(websites.id, site['steady.example']!));
    uptime.setStatus(monitor, 'down');
    await refresh();
    const opened = (await api('GET', '/api/incidents?status=open')).json().data as Incident[];
    expect(opened.find((i) => i.monitorId === monitor)).toMatchObject({ websiteId: null });

    // The host's sync brings the website; the next sync of the monitors places the incident.
    await t.db
      .update(websites)
      .set({ domain: 'steady.example' })
      .where(eq(websites.id, site['steady.example']!));
    await refresh();
    const [placed] = (await incidentsOf('steady.example')).filter((i) => i.status === 'open');
    expect(placed).toMatchObject({ monitorId: monitor, websiteId: site['steady.example'] });
  });
});
