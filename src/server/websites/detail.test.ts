import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { checks, providerRecords, providerSyncs, websiteFacts, websites } from '../db/schema';
import { listColumns } from '../provider-cache/columns';

// A website's page names where each version comes from and when it was read: the PHP its host runs
// it on and the PHP WordPress reports can differ, and both are shown, each with its source.
let t: TestApp;
let cookie: string;
const id: Record<string, number> = {};
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const rows = await t.db
    .insert(websites)
    .values(
      ['both.example', 'host-only.example', 'gone.example'].map((domain, i) => ({
        name: domain,
        domain,
        integrationProvider: 'gridpane',
        providerSiteId: String(100 + i),
        serverId: '9',
        status: 'active',
        environment: 'production',
        removed: domain === 'gone.example',
      })),
    )
    .returning();
  for (const w of rows) id[w.domain] = w.id;
});
afterAll(() => t.close());

describe('a website with its versions named by their source', () => {
  it('gives WordPress and both PHP readings with their sources and read times', async () => {
    const snapshotAt = new Date(t.clock.now().getTime() - 3_600_000);
    const hostReadAt = new Date(t.clock.now().getTime() - 600_000);
    await t.db.insert(providerSyncs).values({ provider: 'gridpane', kind: 'sites', syncedAt: hostReadAt });
    await t.db.insert(websiteFacts).values([
      {
        websiteId: id['both.example']!,
        hostPhp: '8.1',
        php: '8.3.14',
        wordpressVersion: '6.8.3',
        snapshotAt,
        snapshotOk: true,
        attemptedAt: snapshotAt,
      },
      {
        websiteId: id['host-only.example']!,
        hostPhp: '8.2',
        snapshotOk: false,
        snapshotError: 'HD Snapshot answered 401: check the site key',
        attemptedAt: snapshotAt,
      },
      { websiteId: id['gone.example']!, hostPhp: '7.4' },
    ]);
    const both = (await get(`/api/websites/${id['both.example']}`)).json();
    expect(both.versions).toEqual({
      wordpress: { version: '6.8.3', source: 'hdsnapshot', readAt: snapshotAt.toISOString() },
      php: [
        { version: '8.3.14', source: 'hdsnapshot', readAt: snapshotAt.toISOString() },
        { version: '8.1', source: 'gridpane', readAt: hostReadAt.toISOString() },
      ],
      snapshot: { ok: true, error: null, attemptedAt: snapshotAt.toISOString() },
    });
    // The list's one PHP figure is what WordPress reports, when it reports one.
    expect(both.phpVersion).toBe('8.3.14');

    const hostOnly = (await get(`/api/websites/${id['host-only.example']}`)).json();
    expect(hostOnly.versions).toEqual({
      wordpress: null,
      php: [{ version: '8.2', source: 'gridpane', readAt: hostReadAt.toISOString() }],
      snapshot: {
        ok: false,
        error: 'HD Snapshot answered 401: check the site key',
        attemptedAt: snapshotAt.toISOString(),
      },
    });
    // A site its host no longer lists: its last known PHP, not claimed as read with the last list.
    const gone = (await get(`/api/websites/${id['gone.example']}`)).json();
    expect(gone.versions).toEqual({
      wordpress: null,
      php: [{ version: '7.4', source: 'gridpane', readAt: null }],
      snapshot: null,
    });
  });

  it('shows both watchers, each with its own status and what it measured', async () => {
    const site = id['both.example']!;
    const monitor = {
      id: '801',
      attributes: { url: 'https://both.example/', pronounceable_name: 'Both', status: 'down' },
    };
    const at = t.clock.now();
    await t.db.insert(providerRecords).values([
      {
        provider: 'betteruptime',
        kind: 'monitors',
        externalId: '801',
        data: monitor,
        syncedAt: at,
        ...listColumns({ provider: 'betteruptime', kind: 'monitors' }, monitor),
      },
      {
        provider: 'betteruptime',
        kind: 'figures',
        externalId: '801',
        data: { uptime: 98.25, avgResponseMs: 410, at: at.toISOString() },
        syncedAt: at,
      },
    ]);
    const before = (await get(`/api/websites/${site}`)).json();
    expect(before.health).toMatchObject({ state: 'down', source: 'betteruptime' });
    expect(before.watchers.check).toBeNull();
    expect(before.watchers.monitor).toMatchObject({
      source: 'monitor',
      id: '801',
      status: 'down',
      uptime: 98.25,
    });

    const [check] = await t.db
      .insert(checks)
      .values({
        name: 'both.example',
        url: 'https://both.example',
        intervalSeconds: 60,
        timeoutSeconds: 10,
        expectedStatus: '200-399',
        confirmations: 2,
        websiteId: site,
        status: 'up',
        statusSince: at,
        lastCheckedAt: at,
      })
      .returning();
    const after = (await get(`/api/websites/${site}`)).json();
    // The health follows our check; the monitor beside it keeps its own "down".
    expect(after.health).toMatchObject({ state: 'up', source: 'check' });
    expect(after.watchers.check).toMatchObject({ source: 'check', id: String(check!.id), status: 'up' });
    expect(after.watchers.check.uptime).toBeNull();
    expect(after.watchers.check.measuredFrom).toBeNull();
    expect(after.watchers.monitor).toMatchObject({ id: '801', status: 'down' });
  });

  it('answers 404 for an unknown website and 400 for a malformed id', async () => {
    expect((await get('/api/websites/99999')).statusCode).toBe(404);
    expect((await get('/api/websites/abc')).statusCode).toBe(400);
  });
});
