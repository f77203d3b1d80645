import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHP_CYCLES, startFakeEndOfLife } from '../../../test/fakes/endoflife';
import { startFakeWporg } from '../../../test/fakes/wporg';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { storedMonitor } from '../../../test/support/provider-records';
import { MAX_RUN_SITES } from '../../shared/updates';
import { checks, clients, providerRecords, tags, websiteFacts, websites, websiteTags } from '../db/schema';
import { PHP_EOL_JOB } from '../providers/php-eol/keys';
import { WPORG_CORE_JOB } from '../providers/wporg/keys';

// The fleet view counts versions across the sites the filters select and flags what is behind;
// coverage lists what nobody watches, matches, hears from or owns.
let t: TestApp;
let cookie: string;
const id: Record<string, number> = {};
let clientId: number;
let tagId: number;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  // Today is 2026-11-24 in these tests: PHP 8.1 ended 2025-12-31, 8.2 ends 2026-12-31.
  t = await createTestApp();
  t.clock.advance(new Date('2026-11-24T12:00:00Z').getTime() - t.clock.now().getTime());
  cookie = await t.signIn();
  const [c] = await t.db.insert(clients).values({ name: 'Dental Co' }).returning();
  clientId = c!.id;
  const [tag] = await t.db.insert(tags).values({ name: 'shop', color: '#3b82f6' }).returning();
  tagId = tag!.id;
  const fleet: [string, string, { php?: string; host?: string; wp?: string; ok?: boolean }, boolean?][] = [
    ['a.example', '1', { php: '7.4.33', host: '8.1', wp: '6.2.1', ok: true }],
    ['b.example', '1', { host: '7.4', wp: '6.8.3', ok: true }],
    ['c.example', '2', { php: '8.2.10', wp: '6.8.3', ok: true }],
    ['d.example', '2', { host: '8.2', ok: false }],
    ['e.example', '2', {}],
    ['gone.example', '2', { php: '5.6.40', wp: '4.9' }, true],
  ];
  for (const [domain, serverId, f, removed] of fleet) {
    const [w] = await t.db
      .insert(websites)
      .values({
        name: domain,
        domain,
        integrationProvider: 'gridpane',
        serverId,
        status: 'active',
        environment: 'production',
        removed: Boolean(removed),
        clientId: domain < 'c' ? clientId : null,
      })
      .returning();
    id[domain] = w!.id;
    if (Object.keys(f).length) {
      await t.db.insert(websiteFacts).values({
        websiteId: w!.id,
        php: f.php ?? null,
        hostPhp: f.host ?? null,
        wordpressVersion: f.wp ?? null,
        snapshotOk: f.ok ?? null,
        snapshotError: f.ok === false ? 'HD Snapshot is not installed or not active on d.example' : null,
        attemptedAt: t.clock.now(),
      });
    }
  }
  await t.db.insert(websiteTags).values([{ websiteId: id['c.example']!, tagId }]);
  await t.db.insert(checks).values({
    name: 'A',
    url: 'https://a.example',
    intervalSeconds: 60,
    timeoutSeconds: 10,
    expectedStatus: '200-399',
    confirmations: 2,
    websiteId: id['a.example']!,
  });
  // As a sync writes them: the JSON and its list columns (the normalised domain among them).
  const monitor = (externalId: string, url: string) => storedMonitor(externalId, url, t.clock.now());
  await t.db
    .insert(providerRecords)
    .values([
      monitor('1', 'https://www.B.example/'),
      monitor('2', 'https://old-client.example'),
      monitor('3', 'http://gone.example'),
    ]);
});
afterAll(() => t.close());

describe('GET /api/fleet', () => {
  it('counts PHP branches (what WordPress reports, else the host) and WordPress versions, flagging what is behind', async () => {
    const res = await get('/api/fleet');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Nothing was read from wordpress.org or endoflife.date in this app: the built-in table is in force.
    const table = 'built-in table';
    expect(body.php).toEqual([
      { version: '8.2', sites: 2, endOfLife: '2026-12-31', pastEndOfLife: false, source: table },
      { version: '7.4', sites: 2, endOfLife: '2022-11-28', pastEndOfLife: true, source: table },
    ]);
    expect(body.wordpress).toEqual([
      { version: '6.8.3', sites: 2, outdated: true },
      { version: '6.2.1', sites: 1, outdated: true },
    ]);
    expect(body.unknown).toEqual({ php: 1, wordpress: 2 });
    expect(body.sites).toBe(5); // the removed site is not in the fleet
    expect(body.references).toEqual({
      wordpress: {
        latest: '6.9',
        source: table,
        liveSource: 'wordpress.org',
        readAt: '2025-12-02T00:00:00.000Z',
        url: 'https://wordpress.org/download/releases/',
        seenOnSite: false,
        error: null,
      },
      php: {
        source: table,
        liveSource: 'endoflife.date',
        readAt: '2026-11-26T00:00:00.000Z',
        url: 'https://www.php.net/supported-versions.php',
        operatorBranches: [],
        error: null,
      },
    });
  });

  it('filters by client, server and tag', async () => {
    const byClient = (await get(`/api/fleet?clientId=${clientId}`)).json();
    expect(byClient.php).toEqual([
      { version: '7.4', sites: 2, endOfLife: '2022-11-28', pastEndOfLife: true, source: 'built-in table' },
    ]);
    const byServer = (await get('/api/fleet?serverId=2')).json();
    expect(byServer.sites).toBe(3);
    expect(byServer.wordpress).toEqual([{ version: '6.8.3', sites: 1, outdated: true }]);
    const byTag = (await get(`/api/fleet?tagId=${tagId}`)).json();
    expect(byTag.sites).toBe(1);
    expect(byTag.php[0]).toMatchObject({ version: '8.2', sites: 1 });
  });

  it('lists the sites behind a count, a page at a time', async () => {
    const php74 = (await get('/api/fleet/sites?php=7.4')).json();
    expect(php74).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(php74.data).toEqual([
      {
        websiteId: id['a.example'],
        domain: 'a.example',
        client: { id: clientId, name: 'Dental Co' },
        serverLabel: null,
        phpVersion: '7.4.33',
        wordpressVersion: '6.2.1',
        // Its check has not run yet: its health follows the check.
        health: expect.objectContaining({ state: 'unknown', source: 'check' }),
      },
      expect.objectContaining({ domain: 'b.example', phpVersion: '7.4' }),
    ]);
    const second = (await get('/api/fleet/sites?php=7.4&page=2&pageSize=1')).json();
    expect(second.data.map((s: { domain: string }) => s.domain)).toEqual(['b.example']);
    const unknown = (await get('/api/fleet/sites?wordpress=unknown')).json();
    expect(unknown.data.map((s: { domain: string }) => s.domain)).toEqual(['d.example', 'e.example']);
  });

  it('answers bad filters with a 400 naming the field', async () => {
    for (const [url, field] of [
      ['/api/fleet?clientId=abc', 'clientId'],
      ['/api/fleet?serverId=x1', 'serverId'],
      ['/api/fleet?tagId=0', 'tagId'],
      ['/api/fleet?nope=1', ''],
      ['/api/fleet/sites', 'php'],
      ['/api/fleet/sites?php=seven', 'php'],
      ['/api/fleet/sites?php=7.4&pageSize=500', 'pageSize'],
      ['/api/fleet/sites?php=7.4&page=0', 'page'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      if (field) expect(Object.keys(res.json().fieldErrors ?? {}), url).toContain(field);
    }
  });
});

describe('GET /api/fleet/sites/ids', () => {
  const ids = async (url: string, as = cookie) =>
    (await t.app.inject({ method: 'GET', url, headers: { cookie: as } })).json();
  const listed = async (url: string, as = cookie) =>
    (await t.app.inject({ method: 'GET', url, headers: { cookie: as } }))
      .json()
      .data.map((s: { websiteId: number }) => s.websiteId);

  it('answers the ids of every site the list shows for a pick, by domain, and how many in all', async () => {
    for (const pick of [
      'wordpress=6.8.3',
      'wordpress=6.2.1',
      'wordpress=unknown',
      'wordpress=6.8.3&serverId=2',
      `wordpress=6.8.3&clientId=${clientId}`,
      `wordpress=6.8.3&tagId=${tagId}`,
      'php=7.4',
    ]) {
      const body = await ids(`/api/fleet/sites/ids?${pick}`);
      expect(body.ids, pick).toEqual(await listed(`/api/fleet/sites?${pick}&pageSize=200`));
      expect(body.total, pick).toBe(body.ids.length);
    }
    expect(await ids('/api/fleet/sites/ids?wordpress=6.8.3')).toEqual({
      ids: [id['b.example'], id['c.example']],
      total: 2,
    });
    // A removed site is not in the fleet, whatever it runs.
    expect(await ids('/api/fleet/sites/ids?wordpress=4.9')).toEqual({ ids: [], total: 0 });
  });

  it('keeps to the clients of a person limited to some', async () => {
    const limited = await t.signIn({
      username: 'lena',
      email: 'lena@example.com',
      password: 'correct horse',
      role: 'viewer',
      clientIds: [clientId],
    });
    // c.example runs 6.8.3 too, but belongs to no client of hers.
    expect(await ids('/api/fleet/sites/ids?wordpress=6.8.3', limited)).toEqual({
      ids: [id['b.example']],
      total: 1,
    });
    expect(await listed('/api/fleet/sites?wordpress=6.8.3', limited)).toEqual([id['b.example']]);
    expect(await ids('/api/fleet/sites/ids?wordpress=unknown', limited)).toEqual({ ids: [], total: 0 });
  });

  it('answers bad queries with a 400 naming the field', async () => {
    for (const [url, field] of [
      ['/api/fleet/sites/ids', 'php'],
      ['/api/fleet/sites/ids?php=7.4&wordpress=6.8.3', 'php'],
      ['/api/fleet/sites/ids?php=seven', 'php'],
      [`/api/fleet/sites/ids?wordpress=${'9'.repeat(41)}`, 'wordpress'],
      ['/api/fleet/sites/ids?wordpress=6.8.3&clientId=abc', 'clientId'],
      // No paging: every id comes at once.
      ['/api/fleet/sites/ids?wordpress=6.8.3&page=2', ''],
      ['/api/fleet/sites/ids?wordpress=6.8.3&pageSize=10', ''],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      if (field) expect(Object.keys(res.json().fieldErrors ?? {}), url).toContain(field);
    }
  });

  it('stops at the most sites one update run takes, and still counts them all', async () => {
    const big = await createTestApp();
    try {
      const bigCookie = await big.signIn();
      const n = MAX_RUN_SITES + 1;
      await big.db.execute(
        sql`insert into websites (name, domain, integration_provider, status, environment)
          select 's' || i, 's' || lpad(i::text, 5, '0') || '.example', 'gridpane', 'active', 'production'
          from generate_series(1, ${n}) as i`,
      );
      await big.db.execute(
        sql`insert into website_facts (website_id, wordpress_version) select id, '6.4.3' from websites`,
      );
      const res = await big.app.inject({
        method: 'GET',
        url: '/api/fleet/sites/ids?wordpress=6.4.3',
        headers: { cookie: bigCookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.total).toBe(n);
      expect(body.ids).toHaveLength(MAX_RUN_SITES);
      // By domain, as the list shows them: the last one is left out.
      const [last] = await big.db
        .select({ id: websites.id })
        .from(websites)
        .where(eq(websites.domain, 's05001.example'));
      expect(body.ids).not.toContain(last!.id);
    } finally {
      await big.close();
    }
  });
});

describe('reference versions', () => {
  it('takes the operator’s values over everything else, and a release already seen in the fleet as the latest', async () => {
    const other = await createTestApp({
      config: { fleet: { wordpressLatest: '6.9', phpEndOfLife: { '8.2': '2026-01-01' } } },
    });
    try {
      other.clock.advance(new Date('2026-11-24T12:00:00Z').getTime() - other.clock.now().getTime());
      const otherCookie = await other.signIn();
      const [w] = await other.db
        .insert(websites)
        .values({
          name: 'n',
          domain: 'n.example',
          integrationProvider: 'gridpane',
          status: 'active',
          environment: 'production',
        })
        .returning();
      await other.db
        .insert(websiteFacts)
        .values({ websiteId: w!.id, php: '8.2.1', wordpressVersion: '6.8.3' });
      const body = (
        await other.app.inject({ method: 'GET', url: '/api/fleet', headers: { cookie: otherCookie } })
      ).json();
      expect(body.php).toEqual([
        {
          version: '8.2',
          sites: 1,
          endOfLife: '2026-01-01',
          pastEndOfLife: true,
          source: 'operator setting',
        },
      ]);
      expect(body.wordpress).toEqual([{ version: '6.8.3', sites: 1, outdated: true }]);
      expect(body.references.wordpress).toMatchObject({
        latest: '6.9',
        source: 'operator setting',
        readAt: null,
        seenOnSite: false,
      });
      expect(body.references.php).toMatchObject({ source: 'built-in table', operatorBranches: ['8.2'] });
      await other.db.insert(websiteFacts).values({
        websiteId: (
          await other.db
            .insert(websites)
            .values({
              name: 'm',
              domain: 'm.example',
              integrationProvider: 'gridpane',
              status: 'active',
              environment: 'production',
            })
            .returning()
        )[0]!.id,
        wordpressVersion: '7.0.1',
      });
      const newer = (
        await other.app.inject({ method: 'GET', url: '/api/fleet', headers: { cookie: otherCookie } })
      ).json();
      expect(newer.references.wordpress).toMatchObject({
        latest: '7.0.1',
        source: 'operator setting',
        seenOnSite: true,
      });
      expect(newer.wordpress).toEqual([
        { version: '7.0.1', sites: 1, outdated: false },
        { version: '6.8.3', sites: 1, outdated: true },
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('reference versions read from wordpress.org and endoflife.date', () => {
  it('flag the fleet against the last good live read, with its source, read time and last error', async () => {
    const wporg = await startFakeWporg({ coreLatest: '6.8.3' });
    const eol = await startFakeEndOfLife();
    const live = await createTestApp({ config: { wporgApiUrl: wporg.url, phpEolUrl: eol.phpUrl } });
    try {
      live.clock.advance(new Date('2026-11-24T12:00:00Z').getTime() - live.clock.now().getTime());
      // Signed in afresh for each look: the clock moves days on, past a session's life.
      const fleet = async () =>
        (
          await live.app.inject({
            method: 'GET',
            url: '/api/fleet',
            headers: { cookie: await live.signIn() },
          })
        ).json();
      for (const [domain, php, wp] of [
        ['p.example', '8.1.30', '6.8.3'],
        ['q.example', '8.2.20', '6.8.3'],
        ['r.example', '5.6.40', '6.7'],
      ] as const) {
        const [w] = await live.db
          .insert(websites)
          .values({
            name: domain,
            domain,
            integrationProvider: 'gridpane',
            status: 'active',
            environment: 'production',
          })
          .returning();
        await live.db.insert(websiteFacts).values({ websiteId: w!.id, php, wordpressVersion: wp });
      }

      // Never read: the built-in table (its latest is 6.9), so 6.8.3 is behind.
      expect((await fleet()).wordpress).toContainEqual({ version: '6.8.3', sites: 2, outdated: true });

      // Read: wordpress.org says 6.8.3 is the latest, so sites on it are not flagged.
      const firstRead = live.clock.now().toISOString();
      await live.services.jobs.run(WPORG_CORE_JOB);
      eol.setPhp([
        { ...PHP_CYCLES[0]!, cycle: '8.2', eol: false },
        { ...PHP_CYCLES[0]!, cycle: '8.1', eol: true },
      ]);
      await live.services.jobs.run(PHP_EOL_JOB);
      let body = await fleet();
      expect(body.wordpress).toEqual([
        { version: '6.8.3', sites: 2, outdated: false },
        { version: '6.7', sites: 1, outdated: true },
      ]);
      expect(body.references.wordpress).toEqual({
        latest: '6.8.3',
        source: 'wordpress.org',
        liveSource: 'wordpress.org',
        readAt: firstRead,
        url: 'https://wordpress.org/download/releases/',
        seenOnSite: false,
        error: null,
      });
      expect(body.references.php).toMatchObject({ source: 'endoflife.date', readAt: firstRead, error: null });
      // endoflife.date names no day for these two: 8.2 is still supported, 8.1 has ended. 5.6 is not in
      // its list, so the built-in table still answers for it.
      expect(body.php).toEqual([
        { version: '8.2', sites: 1, endOfLife: null, pastEndOfLife: false, source: 'endoflife.date' },
        { version: '8.1', sites: 1, endOfLife: null, pastEndOfLife: true, source: 'endoflife.date' },
        { version: '5.6', sites: 1, endOfLife: '2018-12-31', pastEndOfLife: true, source: 'built-in table' },
      ]);

      // A day later wordpress.org says 6.9: the same sites are behind now.
      live.clock.advance(25 * 3_600_000);
      wporg.setCoreLatest('6.9');
      await live.services.jobs.run(WPORG_CORE_JOB);
      const secondRead = live.clock.now().toISOString();
      body = await fleet();
      expect(body.wordpress[0]).toEqual({ version: '6.8.3', sites: 2, outdated: true });
      expect(body.references.wordpress).toMatchObject({ latest: '6.9', readAt: secondRead, error: null });

      // The next read fails: the last good values stay in force, with the error beside them.
      live.clock.advance(25 * 3_600_000);
      wporg.setCoreLatest('7.0');
      wporg.setFailure('versionCheck', 'server_error');
      await expect(live.services.jobs.run(WPORG_CORE_JOB)).rejects.toThrow();
      body = await fleet();
      expect(body.references.wordpress).toMatchObject({
        latest: '6.9',
        source: 'wordpress.org',
        readAt: secondRead,
        error: { message: 'wordpress.org failed (HTTP 500)', at: live.clock.now().toISOString() },
      });
    } finally {
      await live.close();
      await Promise.all([wporg.close(), eol.close()]);
    }
  });
});

describe('GET /api/coverage', () => {
  it('lists unmonitored sites, unmatched monitors, silent snapshot plugins and sites without a client', async () => {
    const res = await get('/api/coverage');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // a.example has a check, b.example a monitor (www., case and slash aside); the removed site does not count.
    expect(body.unmonitoredSites).toEqual([
      { websiteId: id['c.example'], domain: 'c.example' },
      { websiteId: id['d.example'], domain: 'd.example' },
      { websiteId: id['e.example'], domain: 'e.example' },
    ]);
    expect(body.unmatchedMonitors.map((m: { id: string }) => m.id).sort()).toEqual(['2', '3']);
    expect(body.unmatchedMonitors.find((m: { id: string }) => m.id === '2')).toEqual({
      id: '2',
      url: 'https://old-client.example',
      name: 'https://old-client.example',
    });
    expect(body.snapshotFailures).toEqual([
      {
        websiteId: id['d.example'],
        domain: 'd.example',
        error: 'HD Snapshot is not installed or not active on d.example',
        attemptedAt: '2026-11-24T12:00:00.000Z',
      },
    ]);
    expect(body.sitesWithoutClient.map((s: { domain: string }) => s.domain)).toEqual([
      'c.example',
      'd.example',
      'e.example',
    ]);
    expect(body.totals).toEqual({
      unmonitoredSites: 3,
      unmatchedMonitors: 2,
      snapshotFailures: 1,
      sitesWithoutClient: 3,
    });
  });

  it('stops each list at the limit and still counts them all', async () => {
    const body = (await get('/api/coverage?limit=1')).json();
    expect(body.unmonitoredSites).toHaveLength(1);
    expect(body.totals.unmonitoredSites).toBe(3);
    expect((await get('/api/coverage?limit=0')).statusCode).toBe(400);
  });
});

describe('kept answers', () => {
  it('show every change at once: facts, tags, clients, websites and which sites our checks watch', async () => {
    const wp = async (url: string) =>
      Object.fromEntries(
        (await get(url))
          .json()
          .wordpress.map((r: { version: string; sites: number }) => [r.version, r.sites]),
      );
    expect(await wp('/api/fleet')).toEqual({ '6.8.3': 2, '6.2.1': 1 });
    await t.db
      .update(websiteFacts)
      .set({ wordpressVersion: '6.8.3' })
      .where(eq(websiteFacts.websiteId, id['a.example']!));
    expect(await wp('/api/fleet')).toEqual({ '6.8.3': 3 });
    expect((await get(`/api/fleet?tagId=${tagId}`)).json().sites).toBe(1);
    await t.db.insert(websiteTags).values({ websiteId: id['d.example']!, tagId });
    expect((await get(`/api/fleet?tagId=${tagId}`)).json().sites).toBe(2);
    // The sites behind a count show the client's current name.
    expect((await get('/api/fleet/sites?php=7.4')).json().data[0].client.name).toBe('Dental Co');
    await t.db.update(clients).set({ name: 'Dental Group' }).where(eq(clients.id, clientId));
    expect((await get('/api/fleet/sites?php=7.4')).json().data[0].client.name).toBe('Dental Group');

    const coverage = async () => (await get('/api/coverage')).json();
    const domains = (list: { domain: string }[]) => list.map((s) => s.domain);
    expect(domains((await coverage()).unmonitoredSites)).toEqual(['c.example', 'd.example', 'e.example']);
    await t.db.insert(checks).values({
      name: 'C',
      url: 'https://c.example',
      intervalSeconds: 60,
      timeoutSeconds: 10,
      expectedStatus: '200-399',
      confirmations: 2,
      websiteId: id['c.example']!,
    });
    expect(domains((await coverage()).unmonitoredSites)).toEqual(['d.example', 'e.example']);
    // A check pointed at another website moves it from one site to the other.
    await t.db.update(checks).set({ websiteId: id['d.example']! }).where(eq(checks.name, 'C'));
    expect(domains((await coverage()).unmonitoredSites)).toEqual(['c.example', 'e.example']);
    await t.db
      .update(websiteFacts)
      .set({ snapshotOk: true })
      .where(eq(websiteFacts.websiteId, id['d.example']!));
    expect((await coverage()).snapshotFailures).toEqual([]);
    await t.db.update(websites).set({ clientId }).where(eq(websites.id, id['e.example']!));
    expect(domains((await coverage()).sitesWithoutClient)).toEqual(['c.example', 'd.example']);
  });
});
