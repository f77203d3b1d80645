import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { withTransaction } from '../core/context';
import { alertChannels, alertDeliveries, incidents, websites } from '../db/schema';
import { writeCache } from '../provider-cache/service';
import { gridpaneServers } from '../providers/gridpane/keys';
import { announceOpened } from './announce';
import { closeIncident, openIncident } from './lifecycle';

// Several sites of one GridPane server down together: one incident names the server, one alert per
// channel says "server prod-node-3: N sites down", and one says they are all back.
let t: TestApp;
beforeAll(async () => {
  // The announcements are run by hand here: the engine's own would wait ten minutes.
  const base = (await import('../config')).testConfig();
  t = await createTestApp({
    config: { allowPrivateTargets: true, checks: { ...base.checks, groupWindowMs: 600_000 } },
  });
  await t.signIn();
  await t.db.insert(alertChannels).values({ kind: 'email', name: 'Ops', target: 'ops@agency.test' });
  await writeCache(
    { db: t.db },
    gridpaneServers,
    [{ id: '33001', data: { id: 33001, label: 'prod-node-3' } }],
    new Date(),
    { partial: false },
  );
});
afterAll(() => t.close());

async function site(domain: string, serverId: string | null) {
  const [w] = await t.db
    .insert(websites)
    .values({
      name: domain,
      domain,
      integrationProvider: 'gridpane',
      serverId,
      status: 'active',
      environment: 'production',
    })
    .returning();
  return w!;
}
const down = async (id: string, w: { id: number; serverId: string | null; domain: string }) =>
  withTransaction(t.services, (tx) =>
    openIncident(tx, {
      source: 'monitor',
      monitorId: id,
      websiteId: w.id,
      serverId: w.serverId,
      title: `${w.domain} is down`,
      cause: 'gone',
      failures: [],
      at: t.clock.now(),
    }),
  );
const openedTitles = async () =>
  (await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.event, 'opened'))).map((d) => d.title);

describe('incidents grouped by server', () => {
  it('announces four sites of one server as one server incident, and a lone site on its own', async () => {
    const sites = await Promise.all(['a', 'b', 'c', 'd'].map((n) => site(`${n}.example`, '33001')));
    const lone = await site('lone.example', '44002');
    const opened = [];
    for (const [i, w] of sites.entries()) opened.push((await down(`m${i}`, w))!);
    const solo = (await down('m-lone', lone))!;
    for (const i of [...opened, solo]) await announceOpened(t.services, i.id);
    expect((await openedTitles()).sort()).toEqual([
      'lone.example is down',
      'server prod-node-3: 4 sites down',
    ]);
    const [server] = await t.db.select().from(incidents).where(eq(incidents.source, 'server'));
    expect((await t.db.select().from(incidents).where(eq(incidents.parentId, server!.id))).length).toBe(4);
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/incidents?websiteId=${sites[2]!.id}`,
        headers: { cookie: await t.signIn() },
      })
    ).json();
    expect(listed.data.map((i: { source: string; children: number }) => [i.source, i.children])).toEqual([
      ['server', 4],
      ['monitor', 0],
    ]);

    // A fifth site joining later is taken in without a new alert.
    const late = (await down('m-late', await site('e.example', '33001')))!;
    await announceOpened(t.services, late.id);
    expect(await openedTitles()).toHaveLength(2);

    // The server's incident ends with its last site, and says so once.
    for (const [i] of sites.entries())
      await withTransaction(t.services, (tx) =>
        closeIncident(tx, { monitorId: `m${i}` }, t.clock.now(), 'up'),
      );
    expect(
      (await t.db.select().from(incidents).where(isNull(incidents.endedAt))).map((i) => i.title).sort(),
    ).toEqual(['e.example is down', 'lone.example is down', 'server prod-node-3: 4 sites down']);
    await withTransaction(t.services, (tx) =>
      closeIncident(tx, { monitorId: 'm-late' }, t.clock.now(), 'up'),
    );
    const resolved = (
      await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.event, 'resolved'))
    ).map((d) => d.title);
    expect(resolved).toEqual(['server prod-node-3: all 5 sites are back up']);
  });

  it('an incident over before its announcement says both, once', async () => {
    const w = await site('blip.example', null);
    const incident = (await down('m-blip', w))!;
    await withTransaction(t.services, (tx) =>
      closeIncident(tx, { monitorId: 'm-blip' }, t.clock.now(), 'up'),
    );
    await announceOpened(t.services, incident.id);
    await announceOpened(t.services, incident.id);
    // In the order they were queued (a table has no order of its own once rows are updated).
    const titles = (await t.db.select().from(alertDeliveries).orderBy(alertDeliveries.id))
      .map((d) => d.title)
      .filter((x) => x.startsWith('blip'));
    expect(titles).toEqual(['blip.example is down', 'blip.example is back up']);
  });

  it('an incident that ended quietly before its announcement is never announced', async () => {
    const w = await site('hushed.example', null);
    const incident = (await down('m-hushed', w))!;
    await withTransaction(t.services, (tx) =>
      closeIncident(tx, { monitorId: 'm-hushed' }, t.clock.now(), 'paused'),
    );
    await announceOpened(t.services, incident.id);
    const titles = (await t.db.select().from(alertDeliveries)).map((d) => d.title);
    expect(titles.filter((x) => x.startsWith('hushed'))).toEqual([]);
  });
});
