import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBetterUptime, startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { type FakeTargets, startFakeTargets } from '../../../test/fakes/targets';
import { createTestApp, type TestApp } from '../../../test/support/app';
import type { Incident } from '../../shared/incidents';
import { queueDueChecks } from '../checks/schedule';
import { alertChannels, alertDeliveries, websites } from '../db/schema';
import { writeCache } from '../provider-cache/service';
import { gridpaneServers } from '../providers/gridpane/keys';

// A server's incident (three sites of one server down together) ends when its last open site ends,
// however each ended: back up, its check paused or deleted, its monitor paused, removed or in
// maintenance. It says "back up" only when some site answered again.
let t: TestApp;
let cookie: string;
let targets: FakeTargets;
let uptime: FakeBetterUptime;
const SERVERS = { a: 'node-a', b: 'node-b', c: 'node-c' } as const;
const NAMES = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3'];
const site: Record<string, number> = {};

beforeAll(async () => {
  targets = await startFakeTargets({ sites: Object.fromEntries(NAMES.map((n) => [n, '/down'])) });
  uptime = await startFakeBetterUptime({
    sites: ['c1', 'c2', 'c3'].map((n) => `https://${n}.example`),
    seed: 4,
  });
  for (const m of uptime.monitors) uptime.setStatus(m.id, 'up');
  t = await createTestApp();
  cookie = await t.signIn();
  await t.db.insert(alertChannels).values({ kind: 'email', name: 'Ops', target: 'ops@agency.test' });
  await writeCache(
    { db: t.db },
    gridpaneServers,
    Object.entries(SERVERS).map(([id, label]) => ({ id, data: { id, label } })),
    new Date(),
    { partial: false },
  );
  for (const name of NAMES) {
    const domain = `${name}.example`;
    const [w] = await t.db
      .insert(websites)
      .values({
        name: domain,
        domain,
        integrationProvider: 'gridpane',
        serverId: name[0],
        status: 'active',
        environment: 'production',
      })
      .returning();
    site[name] = w!.id;
  }
});
afterAll(async () => {
  await t.close();
  await Promise.all([targets.close(), uptime.close()]);
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** One scheduler tick, the runs it queued and the announcements they queued, then a minute later. */
async function tick() {
  await queueDueChecks(t.services);
  await t.services.jobs.idle();
  t.clock.advance(60_000);
}
const serverIncident = async (server: keyof typeof SERVERS): Promise<Incident | undefined> =>
  ((await api('GET', '/api/incidents')).json().data as Incident[]).find(
    (i) => i.source === 'server' && i.serverId === server,
  );
const alerts = async (event: 'opened' | 'resolved', incidentId: number) =>
  (
    await t.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.event, event), eq(alertDeliveries.incidentId, incidentId)))
  ).map((d) => ({ title: d.title, body: d.body }));
/** Checks of these sites, down from their first run: one incident each, taken into their server's. */
async function downChecks(names: string[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const name of names) {
    const res = await api('POST', '/api/checks', {
      url: `${targets.url}/site/${name}`,
      websiteId: site[name],
      confirmations: 1,
    });
    expect(res.statusCode).toBe(201);
    ids[name] = res.json().id;
  }
  await tick();
  return ids;
}

describe("a server's incident", () => {
  it('ends quietly when its last open sites end because their checks were paused or deleted', async () => {
    const ids = await downChecks(['a1', 'a2', 'a3']);
    const server = (await serverIncident('a'))!;
    expect(server).toMatchObject({ status: 'open', children: 3, title: 'server node-a: 3 sites down' });
    expect(await alerts('opened', server.id)).toHaveLength(1);

    expect((await api('POST', `/api/checks/${ids.a1}/pause`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/checks/${ids.a2}`)).statusCode).toBe(204);
    expect(await serverIncident('a')).toMatchObject({ status: 'open' });
    expect((await api('POST', `/api/checks/${ids.a3}/pause`)).statusCode).toBe(200);
    await tick();

    const ended = (await serverIncident('a'))!;
    expect(ended).toMatchObject({ status: 'resolved', endReason: 'paused' });
    expect(ended.cause).toMatch(/\(last site: check paused\)$/);
    expect(await alerts('resolved', server.id)).toEqual([]);
  });

  it('says how each site ended when one came back up and the others were deleted', async () => {
    const ids = await downChecks(['b1', 'b2', 'b3']);
    const server = (await serverIncident('b'))!;
    expect(server).toMatchObject({ status: 'open', children: 3 });

    targets.setSite('b1', '/up');
    await tick();
    expect(await serverIncident('b')).toMatchObject({ status: 'open' });
    for (const name of ['b2', 'b3'])
      expect((await api('DELETE', `/api/checks/${ids[name]}`)).statusCode).toBe(204);

    expect(await serverIncident('b')).toMatchObject({ status: 'resolved', endReason: 'up' });
    const [resolved] = await alerts('resolved', server.id);
    expect(resolved?.title).toBe('server node-b: 1 of 3 sites back up');
    expect(resolved?.body).toContain('- b1.example');
    expect(resolved?.body).toContain('- b2.example (check deleted)');
    expect(await alerts('resolved', server.id)).toHaveLength(1);
  });

  it('ends when its monitors are paused, removed at Better Uptime, and in maintenance', async () => {
    const monitorOf = (name: string) =>
      uptime.monitors.find((m) => String(m.attributes.url).includes(`${name}.example`))!;
    for (const name of ['c1', 'c2', 'c3']) uptime.setStatus(monitorOf(name).id, 'down');
    const saved = await api('POST', '/api/integrations/betteruptime', {
      apiToken: uptime.token,
      baseUrl: uptime.url,
    });
    expect(saved.statusCode).toBe(200);
    await t.services.jobs.idle();
    const server = (await serverIncident('c'))!;
    expect(server).toMatchObject({ status: 'open', children: 3, title: 'server node-c: 3 sites down' });
    const refresh = async () => {
      expect((await api('GET', '/api/monitors?refresh=true')).statusCode).toBe(200);
      await t.services.jobs.idle();
    };

    uptime.setStatus(monitorOf('c1').id, 'paused');
    await refresh();
    uptime.monitors.splice(uptime.monitors.indexOf(monitorOf('c2')), 1);
    await refresh();
    expect(await serverIncident('c')).toMatchObject({ status: 'open' });
    expect(
      (await api('POST', '/api/maintenance', { websiteIds: [site.c3], durationMinutes: 60 })).statusCode,
    ).toBe(201);
    await refresh();

    expect(await serverIncident('c')).toMatchObject({ status: 'resolved', endReason: 'maintenance' });
    expect(await alerts('resolved', server.id)).toEqual([]);
  });
});
