import { afterEach, describe, expect, it } from 'vitest';
import {
  backupPlan,
  type FailureMode,
  type FakeGridPane,
  fakeBackupsOf,
  newestFakeBackup,
  type Wrapper,
} from '../../../../test/fakes/gridpane';
import { createGridPaneClient } from './client';
import { deriveServers } from './parse';
import { localTargets, providerFailure, setup } from './test-helpers';

let fake: FakeGridPane | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('GridPane client: reads', () => {
  it('walks every page of a list with per_page=500 and singular paths', async () => {
    const ctx = await setup({ sites: 40, maxPerPage: 7, endpointLimit: 100 });
    fake = ctx.fake;
    const result = await ctx.client.listSites();
    expect(result).toMatchObject({ partial: false, skipped: 0 });
    expect(result.items.map((s) => s.url)).toEqual(fake.fleet.sites.map((s) => s.url));
    expect(fake.requests.map((r) => r.path)).toEqual(Array(6).fill('/oauth/api/v1/site'));
    expect(fake.requests.map((r) => r.query)).toEqual(
      [1, 2, 3, 4, 5, 6].map((page) => ({ page: String(page), per_page: '500' })),
    );
    expect(ctx.calls.map((c) => c.status)).toEqual(Array(6).fill(200));
  });

  it('lists servers, system users and the account; derives php_versions from sites', async () => {
    const ctx = await setup({ servers: 4, sites: 30 });
    fake = ctx.fake;
    const servers = await ctx.client.listServers();
    const sites = await ctx.client.listSites();
    expect(servers.items).toHaveLength(4);
    expect(servers.items[0]).toMatchObject({ name: servers.items[0]!.label, php_versions: [] });
    const derived = deriveServers(servers.items, sites.items);
    const expected = [
      ...new Set(sites.items.filter((s) => s.server_id === derived[0]!.id).map((s) => s.php_version)),
    ];
    expect(derived[0]!.php_versions.length).toBe(expected.length);
    expect(derived[0]!.sites_count).toBe((fake.fleet.servers[0]!.sites as unknown[]).length);
    expect((await ctx.client.listSystemUsers()).items.length).toBe(fake.fleet.systemUsers.length);
    expect(await ctx.client.getUser()).toMatchObject({ id: 1356, name: 'Acme Agency' });
  });

  it.each<Wrapper>(['data', 'data-array', 'named', 'bare'])(
    'reads single objects wrapped as %s',
    async (wrapper) => {
      const ctx = await setup({ wrapper });
      fake = ctx.fake;
      const [rawServer, rawSite] = [fake.fleet.servers[1]!, fake.fleet.sites[2]!];
      expect(await ctx.client.getServer(rawServer.id)).toMatchObject({
        id: rawServer.id,
        label: rawServer.label,
      });
      expect(await ctx.client.getSite(rawSite.id)).toMatchObject({ id: rawSite.id, url: rawSite.url });
      expect(await ctx.client.getUser()).toMatchObject({ id: 1356 });
    },
  );

  it('strips every secret from every result', async () => {
    const ctx = await setup({ servers: 3, sites: 12 });
    fake = ctx.fake;
    const results = [
      await ctx.client.listServers(),
      await ctx.client.listSites(),
      await ctx.client.listSystemUsers(),
      await ctx.client.getServer(fake.fleet.servers[0]!.id),
      await ctx.client.getSite(fake.fleet.sites[0]!.id),
      await ctx.client.getUser(),
    ];
    const text = JSON.stringify(results);
    for (const word of ['password', 'server_key', 'REDACTED', 'token', 'secret'])
      expect(text).not.toContain(word);
  });

  it('skips one malformed item and keeps the others', async () => {
    const ctx = await setup({ sites: 10 });
    fake = ctx.fake;
    fake.fleet.sites[3]!.url = null;
    const result = await ctx.client.listSites();
    expect(result).toMatchObject({ skipped: 1, partial: false });
    expect(result.items).toHaveLength(9);
  });
});

describe('GridPane client: backups', () => {
  // A fixed moment (an afternoon, UTC) so the expected lists cannot cross a 03:00 boundary mid-test.
  const NOW = Date.UTC(2026, 10, 25, 14, 30);
  const siteWhere = (f: FakeGridPane, test: (plan: ReturnType<typeof backupPlan>) => boolean) => {
    const site = f.fleet.sites.find((s) => test(backupPlan(s.id)));
    if (!site) throw new Error('no fake site with that backup pattern');
    return site.id;
  };

  it('refreshes, then lists exactly the backups the fake holds for each kind of site', async () => {
    const ctx = await setup({ sites: 200, endpointLimit: 100 });
    fake = ctx.fake;
    const ids = [
      siteWhere(ctx.fake, (p) => p.pattern === 'regular' && p.remote && p.manual !== null),
      siteWhere(ctx.fake, (p) => p.pattern === 'regular' && !p.remote),
      siteWhere(ctx.fake, (p) => p.pattern === 'stopped'),
      siteWhere(ctx.fake, (p) => p.pattern === 'none'),
    ];
    for (const id of ids) {
      await ctx.client.refreshBackups(id);
      const before = Date.now();
      const result = await ctx.client.listBackups(id);
      // Generated at request time: compare with the fake's list at a moment on either side of the call.
      const expected = [before, Date.now()].map((now) =>
        fakeBackupsOf(id, now).map((b) => ({ ...b, sizeBytes: null })),
      );
      expect(expected).toContainEqual(result.items);
      expect(result.skipped).toBe(0);
    }
    expect(fake.requests.slice(0, 2).map((r) => r.path)).toEqual([
      `/oauth/api/v1/backups/refresh/${ids[0]}`,
      `/oauth/api/v1/backups/original/${ids[0]}`,
    ]);
  });

  it("reads ages relative to now: today's 03:00 UTC, days old when backups stopped, none at all", async () => {
    const ctx = await setup({ sites: 200, backupsNow: () => NOW });
    fake = ctx.fake;
    const regular = siteWhere(ctx.fake, (p) => p.pattern === 'regular' && p.remote);
    const list = await ctx.client.listBackups(regular);
    expect(list.items[0]).toMatchObject({ id: '2026-11-25 03:00', at: new Date('2026-11-25T03:00:00Z') });
    expect(list.items.filter((b) => b.location === 'local' && b.kind === 'automatic')).toHaveLength(7);
    expect(list.items.filter((b) => b.location === 'remote')).toMatchObject(
      Array(3).fill({ service: 'wasabi', kind: 'automatic' }),
    );
    const stopped = siteWhere(ctx.fake, (p) => p.pattern === 'stopped');
    const newest = (await ctx.client.listBackups(stopped)).items[0]!.at;
    expect(newest).toEqual(newestFakeBackup(stopped, NOW));
    expect((NOW - newest.getTime()) / 86_400_000).toBeGreaterThanOrEqual(2);
    expect((NOW - newest.getTime()) / 86_400_000).toBeLessThan(5);
    expect(await ctx.client.listBackups(siteWhere(ctx.fake, (p) => p.pattern === 'none'))).toEqual({
      items: [],
      skipped: 0,
    });
    const manual = siteWhere(ctx.fake, (p) => p.manual !== null);
    const tagged = (await ctx.client.listBackups(manual)).items.find((b) => b.kind === 'manual');
    expect(tagged).toMatchObject({ note: backupPlan(manual).manual!.tag, location: 'local' });
    expect(tagged!.id).toBe(`${tagged!.at.toISOString().slice(0, 16).replace('T', ' ')} ${tagged!.note}`);
  });

  it('walks every page of the schedules: daily 03:00 local, wasabi when remote, none when stopped', async () => {
    const ctx = await setup({ sites: 40, maxPerPage: 7, endpointLimit: 100 });
    fake = ctx.fake;
    const result = await ctx.client.listBackupSchedules();
    expect(result).toMatchObject({ partial: false, skipped: 0 });
    expect(fake.requests.map((r) => r.path)).toEqual(Array(6).fill('/oauth/api/v1/backups/schedules'));
    expect(result.items.map((s) => s.siteId)).toEqual(fake.fleet.sites.map((s) => s.id));
    const daily = { frequency: 'daily', hour: 3, minute: 0, day: null };
    for (const item of result.items) {
      const plan = backupPlan(item.siteId);
      const expected =
        plan.pattern !== 'regular'
          ? []
          : [
              { type: 'local', ...daily, service: null },
              ...(plan.remote ? [{ type: 'remote', ...daily, service: 'wasabi' }] : []),
            ];
      expect(item.schedules).toEqual(expected);
    }
  });

  it('reads retention: 7 days local, 30 remote only for a site that backs up remotely', async () => {
    const ctx = await setup({ sites: 40 });
    fake = ctx.fake;
    expect(await ctx.client.getRetention(siteWhere(ctx.fake, (p) => p.remote))).toEqual({
      local: 7,
      remote: 30,
    });
    expect(await ctx.client.getRetention(siteWhere(ctx.fake, (p) => !p.remote))).toEqual({
      local: 7,
      remote: null,
    });
  });

  it('answers an unknown site with not_found, an unreadable list with bad_response', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    for (const call of [
      () => ctx.client.refreshBackups(1),
      () => ctx.client.listBackups(1),
      () => ctx.client.getRetention(1),
    ]) {
      expect(await providerFailure(call())).toMatchObject({ kind: 'not_found', status: 404 });
    }
    const id = fake.fleet.sites[0]!.id;
    fake.setFailure('wrong_shape', { times: 1 });
    expect(await providerFailure(ctx.client.listBackups(id))).toMatchObject({ kind: 'bad_response' });
    await expect(ctx.client.listBackups(-1)).rejects.toThrow(TypeError);
  });
});

describe('GridPane client: errors', () => {
  const cases: [FailureMode, string, number, RegExp][] = [
    ['unauthorized', 'unauthorized', 502, /^GridPane rejected the access token \(HTTP 401\)$/],
    ['server_error', 'server_error', 502, /^GridPane is having trouble \(HTTP 500\)$/],
    ['bad_gateway', 'server_error', 502, /^GridPane is having trouble \(HTTP 502\)$/],
    ['malformed', 'bad_response', 502, /^GridPane sent a response we could not read$/],
    ['html', 'bad_response', 502, /^GridPane sent an HTML page instead of JSON$/],
    ['wrong_shape', 'bad_response', 502, /^GridPane sent a response we could not read$/],
    ['rate_limited', 'rate_limited', 503, /^GridPane rate limit reached: it asks us to wait 60 s$/],
  ];

  it.each(cases)('%s → %s', async (mode, kind, status, message) => {
    const ctx = await setup({}, { maxRateLimitWaitMs: 5000 });
    fake = ctx.fake;
    fake.setFailure(mode);
    for (const call of [() => ctx.client.getUser(), () => ctx.client.listSites()]) {
      const error = await providerFailure(call());
      expect(error).toMatchObject({ kind, status, provider: 'gridpane' });
      expect(error.message).toMatch(message);
    }
  });

  it('maps a wrong token, an unknown id and an unreachable host', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    const wrong = createGridPaneClient({
      baseUrl: fake.url,
      token: 'nope',
      addressPolicy: localTargets,
      minSpacingMs: 0,
    });
    expect(await providerFailure(wrong.getUser())).toMatchObject({ kind: 'unauthorized', status: 502 });
    expect(await providerFailure(ctx.client.getSite(1))).toMatchObject({ kind: 'not_found', status: 404 });
    const url = fake.url;
    await fake.close();
    fake = undefined;
    const gone = await providerFailure(
      createGridPaneClient({
        baseUrl: url,
        token: 't',
        addressPolicy: localTargets,
        minSpacingMs: 0,
      }).getUser(),
    );
    expect(gone).toMatchObject({ kind: 'network', status: 502 });
    expect(gone.message).toBe(`Could not connect to GridPane at ${new URL(url).host}`);
  });

  it('honours the fetch timeout', async () => {
    const ctx = await setup({ slowMs: 2000 }, { fetchTimeoutMs: 200 });
    fake = ctx.fake;
    fake.setFailure('slow');
    const started = Date.now();
    const error = await providerFailure(ctx.client.getUser());
    expect(error).toMatchObject({ kind: 'timeout', status: 504 });
    expect(error.message).toBe('GridPane did not answer within 0.2 s');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('returns a partial list when a later page fails, and throws when the first does', async () => {
    const ctx = await setup({ sites: 40, maxPerPage: 10 });
    fake = ctx.fake;
    fake.setFailure('server_error', { after: 2 });
    const result = await ctx.client.listSites();
    expect(result).toMatchObject({ partial: true, error: { kind: 'server_error' } });
    expect(result.items.map((s) => s.id)).toEqual(fake.fleet.sites.slice(0, 20).map((s) => s.id));
    fake.setFailure('bad_gateway', { times: 1 });
    expect(await providerFailure(ctx.client.listSites())).toMatchObject({ kind: 'server_error' });
  });
});
