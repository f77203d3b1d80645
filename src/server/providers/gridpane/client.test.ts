import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backupPlan,
  type FailureMode,
  type FakeGridPane,
  fakeBackupsOf,
  newestFakeBackup,
  type Wrapper,
} from '../../../../test/fakes/gridpane';
import { fakeTime } from '../../core/outbound/provider-test-helpers';
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

const NOW = Date.UTC(2026, 10, 25, 14, 30, 42);
/** A fake site whose backups follow a pattern (regular, with off-site copies …). */
const siteWhere = (f: FakeGridPane, test: (plan: ReturnType<typeof backupPlan>) => boolean) => {
  const site = f.fleet.sites.find((s) => test(backupPlan(s.id)));
  if (!site) throw new Error('no fake site with that backup pattern');
  return site.id;
};
const sentBodies = (f: FakeGridPane) => f.writes().map((w) => JSON.parse(w.body ?? 'null'));

describe('GridPane client: manual backups', () => {
  it('makes a local backup that the next list shows, tagged and at the minute it was asked for', async () => {
    const ctx = await setup({ sites: 40, backupsNow: () => NOW });
    fake = ctx.fake;
    const id = siteWhere(fake, (p) => p.pattern === 'regular');
    await ctx.client.createBackup(id, { type: 'local', tag: 'before-plugin-update' });
    expect(fake.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
      `POST /oauth/api/v1/backups/${id} 200`,
    ]);
    expect(sentBodies(fake)).toEqual([{ type: 'local', tag: 'before-plugin-update' }]);
    const list = await ctx.client.listBackups(id);
    expect(list.items[0]).toEqual({
      id: '2026-11-25 14:30 before-plugin-update',
      at: new Date('2026-11-25T14:30:00Z'),
      kind: 'manual',
      location: 'local',
      service: null,
      note: 'before-plugin-update',
      sizeBytes: null,
    });
    expect(list.items.length).toBe(fakeBackupsOf(id, NOW).length + 1);
  });

  it('lists a site’s integrations without their keys, and backs up remotely through one', async () => {
    const ctx = await setup({ sites: 40, backupsNow: () => NOW });
    fake = ctx.fake;
    const remote = siteWhere(fake, (p) => p.pattern === 'regular' && p.remote);
    const integrations = await ctx.client.listBackupIntegrations(remote);
    expect(integrations).toEqual([{ id: 2783, service: 'wasabi', name: 'Offsite EU' }]);
    expect(JSON.stringify(integrations)).not.toMatch(/token|secret|REDACTED/);
    expect(await ctx.client.listBackupIntegrations(siteWhere(fake, (p) => !p.remote))).toEqual([]);

    await ctx.client.createBackup(remote, { type: 'remote', integrationId: 2783, tag: 'offsite-1' });
    expect(sentBodies(fake)).toEqual([{ type: 'remote', integration_id: 2783, tag: 'offsite-1' }]);
    const made = (await ctx.client.listBackups(remote)).items.filter((b) => b.note === 'offsite-1');
    expect(made).toEqual([
      expect.objectContaining({
        kind: 'manual',
        location: 'remote',
        service: 'wasabi',
        id: '2026-11-25 14:30 offsite-1',
      }),
    ]);
    // A local backup never carries the integration, even when one is given.
    await ctx.client.createBackup(remote, { type: 'local', integrationId: 2783, tag: 'local-too' });
    expect(sentBodies(fake)[1]).toEqual({ type: 'local', tag: 'local-too' });
  });

  it('surfaces GridPane’s own reason when it refuses a backup, and makes none', async () => {
    const ctx = await setup({ sites: 40, backupsNow: () => NOW });
    fake = ctx.fake;
    const remote = siteWhere(fake, (p) => p.pattern === 'regular' && p.remote);
    const localOnly = siteWhere(fake, (p) => p.pattern === 'regular' && !p.remote);
    const refusals: [Promise<void>, string][] = [
      [
        ctx.client.createBackup(remote, { type: 'local', tag: 'has spaces' }),
        'The tag may only contain letters, numbers and dashes.',
      ],
      [
        ctx.client.createBackup(remote, { type: 'local', tag: 'manual' }),
        'The tag may only contain letters, numbers and dashes.',
      ],
      [
        ctx.client.createBackup(remote, { type: 'local', tag: 'x'.repeat(33) }),
        'The tag may only contain letters, numbers and dashes.',
      ],
      [
        ctx.client.createBackup(remote, { type: 'remote', tag: 'offsite' }),
        'The integration id is required for a remote backup.',
      ],
      [
        ctx.client.createBackup(localOnly, { type: 'remote', integrationId: 2783, tag: 'offsite' }),
        'The integration is not attached to this site.',
      ],
    ];
    for (const [call, reason] of refusals) {
      const error = await providerFailure(call);
      expect(error).toMatchObject({ kind: 'bad_response', provider: 'gridpane', upstreamStatus: 422 });
      expect(error.message).toBe(`GridPane refused the request (HTTP 422): ${reason}`);
    }
    expect(fake.writes().map((w) => w.status)).toEqual([422, 422, 422, 422, 422]);
    for (const id of [remote, localOnly]) {
      expect((await ctx.client.listBackups(id)).items).toHaveLength(fakeBackupsOf(id, NOW).length);
    }
    expect(await providerFailure(ctx.client.createBackup(1, { type: 'local', tag: 'x' }))).toMatchObject({
      kind: 'not_found',
    });
    expect(await providerFailure(ctx.client.listBackupIntegrations(1))).toMatchObject({ kind: 'not_found' });
  });

  it('reads a 2xx saying success: false, or carrying an error, as a refusal with GridPane’s message', async () => {
    const bodies = [
      { success: false, message: 'Backups are\u0007 paused\n for this site.' },
      { error: { code: 'busy', message: 'A backup is already running.' } },
      { success: true },
    ];
    const stub = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(bodies.shift()));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const client = createGridPaneClient({
        baseUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
        token: 'stub-write-token',
        addressPolicy: localTargets,
        minSpacingMs: 0,
      });
      const backup = () => client.createBackup(7, { type: 'local', tag: 'x' });
      const paused = await providerFailure(backup());
      expect(paused).toMatchObject({ kind: 'bad_response', upstreamStatus: 200 });
      expect(paused.message).toBe('GridPane refused the request: Backups are paused for this site.');
      expect((await providerFailure(backup())).message).toBe(
        'GridPane refused the request: A backup is already running.',
      );
      await expect(backup()).resolves.toBeUndefined();
    } finally {
      stub.closeAllConnections();
      await new Promise((resolve) => stub.close(resolve));
    }
  });

  it('never sends a backup twice after a 500: GridPane may be making it', async () => {
    const time = fakeTime();
    const ctx = await setup({ sites: 10 }, { sleep: time.sleep, clock: time.clock });
    fake = ctx.fake;
    const id = fake.fleet.sites[0]!.id;
    fake.setFailure('server_error', { times: 1 });
    const error = await providerFailure(ctx.client.createBackup(id, { type: 'local', tag: 'once' }));
    expect(error).toMatchObject({ kind: 'server_error', upstreamStatus: 500 });
    expect(error.message).toBe('GridPane is having trouble (HTTP 500): Server Error');
    expect(fake.writes()).toHaveLength(1);
    expect(time.waits).toEqual([]);
    fake.setFailure('bad_gateway', { times: 1 });
    await providerFailure(ctx.client.createBackup(id, { type: 'local', tag: 'once' }));
    expect(fake.writes()).toHaveLength(2);
  });

  it('never sends a backup twice after a timeout', async () => {
    const ctx = await setup({ sites: 10, slowMs: 2000 }, { fetchTimeoutMs: 200 });
    fake = ctx.fake;
    fake.setFailure('slow', { times: 1 });
    const error = await providerFailure(
      ctx.client.createBackup(fake.fleet.sites[0]!.id, { type: 'local', tag: 'once' }),
    );
    expect(error.kind).toBe('timeout');
    expect(fake.writes()).toHaveLength(1);
  });

  it('sends a backup again after a 429, once its whole advised wait has passed', async () => {
    const time = fakeTime();
    const ctx = await setup({ sites: 10, backupsNow: () => NOW }, { sleep: time.sleep, clock: time.clock });
    fake = ctx.fake;
    const id = fake.fleet.sites[0]!.id;
    fake.setFailure('rate_limited', { times: 1 });
    await ctx.client.createBackup(id, { type: 'local', tag: 'after-wait' });
    expect(time.waits).toEqual([60_250]);
    expect(fake.writes().map((w) => w.status)).toEqual([429, 200]);
    const made = (await ctx.client.listBackups(id)).items.filter((b) => b.note === 'after-wait');
    expect(made).toHaveLength(1);
  });

  it('gives a write a rate-limit bucket of its own, apart from the reads', async () => {
    const time = fakeTime();
    const ctx = await setup(
      { sites: 10, endpointLimit: 1, windowSeconds: 1 },
      { sleep: time.sleep, clock: time.clock },
    );
    fake = ctx.fake;
    const id = fake.fleet.sites[0]!.id;
    await ctx.client.listBackups(id); // spends the read's budget, not the write's
    await ctx.client.createBackup(id, { type: 'local', tag: 'first' });
    expect(fake.writes().map((w) => w.status)).toEqual([200]);
    expect(time.waits).toEqual([]);
  });

  it('never puts an id that is not a number into a path, nor sends an odd integration id', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    await expect(ctx.client.createBackup(-1, { type: 'local', tag: 'x' })).rejects.toThrow(TypeError);
    await expect(
      ctx.client.createBackup(fake.fleet.sites[0]!.id, { type: 'remote', integrationId: 1.5, tag: 'x' }),
    ).rejects.toThrow(TypeError);
    expect(fake.writes()).toEqual([]);
  });
});

describe('GridPane client: restores', () => {
  it('restores a listed local backup, an off-site one and a manual one it just made', async () => {
    const ctx = await setup({ sites: 40, backupsNow: () => NOW });
    fake = ctx.fake;
    const id = siteWhere(fake, (p) => p.pattern === 'regular' && p.remote);
    const listed = (await ctx.client.listBackups(id)).items;
    const local = listed.find((b) => b.location === 'local' && b.kind === 'automatic')!;
    const offsite = listed.find((b) => b.service === 'wasabi')!;
    expect([local.id, offsite.id]).toEqual(['2026-11-25 03:00', '2026-11-25 03:00']);
    await ctx.client.restoreBackup(id, { source: 'local', backupType: 'automatic', backup: local.id });
    await ctx.client.restoreBackup(id, { source: 'wasabi', backupType: 'automatic', backup: offsite.id });
    await ctx.client.createBackup(id, { type: 'local', tag: 'pre-restore' });
    const made = (await ctx.client.listBackups(id)).items.find((b) => b.note === 'pre-restore')!;
    await ctx.client.restoreBackup(id, { source: 'local', backupType: 'manual', backup: made.id });

    const restores = fake.writes().filter((w) => w.path.includes('/restore/'));
    expect(restores.map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual(
      Array(3).fill(`POST /oauth/api/v1/backups/restore/${id} 200`),
    );
    expect(sentBodies(fake).filter((b) => 'backup' in b)).toEqual([
      {
        backup_source: 'local',
        source_type: 'original',
        backup_type: 'automatic',
        backup: '2026-11-25 03:00',
      },
      {
        backup_source: 'wasabi',
        source_type: 'original',
        backup_type: 'automatic',
        backup: '2026-11-25 03:00',
      },
      {
        backup_source: 'local',
        source_type: 'original',
        backup_type: 'manual',
        backup: '2026-11-25 14:30 pre-restore',
      },
    ]);
    const at = new Date(NOW);
    expect(fake.restores).toEqual([
      { siteId: id, backup: '2026-11-25 03:00', source: 'local', backupType: 'automatic', at },
      { siteId: id, backup: '2026-11-25 03:00', source: 'wasabi', backupType: 'automatic', at },
      { siteId: id, backup: '2026-11-25 14:30 pre-restore', source: 'local', backupType: 'manual', at },
    ]);
    // A restore changes no backup: the list is what it was.
    expect((await ctx.client.listBackups(id)).items).toHaveLength(listed.length + 1);
  });

  it('surfaces GridPane’s own reason when it holds no such backup, and restores nothing', async () => {
    const ctx = await setup({ sites: 40, backupsNow: () => NOW });
    fake = ctx.fake;
    const remote = siteWhere(fake, (p) => p.pattern === 'regular' && p.remote);
    const localOnly = siteWhere(fake, (p) => p.pattern === 'regular' && !p.remote);
    const newest = '2026-11-25 03:00';
    const calls: Promise<void>[] = [
      // A name it never listed, a listed one from the wrong source or of the wrong kind, a service the
      // site does not back up to.
      ctx.client.restoreBackup(remote, {
        source: 'local',
        backupType: 'automatic',
        backup: '2026-11-25 04:00',
      }),
      ctx.client.restoreBackup(remote, { source: 'aws-s3', backupType: 'automatic', backup: newest }),
      ctx.client.restoreBackup(remote, { source: 'local', backupType: 'manual', backup: newest }),
      ctx.client.restoreBackup(localOnly, { source: 'wasabi', backupType: 'automatic', backup: newest }),
    ];
    for (const call of calls) {
      const error = await providerFailure(call);
      expect(error).toMatchObject({ kind: 'bad_response', provider: 'gridpane', upstreamStatus: 422 });
      expect(error.message).toBe('GridPane refused the request (HTTP 422): That backup does not exist.');
    }
    expect(fake.writes().map((w) => w.status)).toEqual([422, 422, 422, 422]);
    expect(fake.restores).toEqual([]);
    const unknownSite = ctx.client.restoreBackup(1, {
      source: 'local',
      backupType: 'automatic',
      backup: newest,
    });
    expect(await providerFailure(unknownSite)).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('never puts an odd site, source, kind or backup name on the wire', async () => {
    const ctx = await setup();
    fake = ctx.fake;
    const id = fake.fleet.sites[0]!.id;
    const good = { source: 'local', backupType: 'automatic', backup: '2026-11-25 03:00' } as const;
    const odd: [number, Parameters<typeof ctx.client.restoreBackup>[1]][] = [
      [-1, good],
      [id, { ...good, source: '../local' }],
      [id, { ...good, source: '' }],
      [id, { ...good, backupType: 'daily' as 'manual' }],
      [id, { ...good, backup: '  ' }],
    ];
    for (const [siteId, request] of odd) {
      await expect(ctx.client.restoreBackup(siteId, request)).rejects.toThrow(TypeError);
    }
    expect(fake.writes()).toEqual([]);
  });

  it('never sends a restore twice after a 500: GridPane may be restoring already', async () => {
    const time = fakeTime();
    const ctx = await setup({ sites: 10, backupsNow: () => NOW }, { sleep: time.sleep, clock: time.clock });
    fake = ctx.fake;
    const id = siteWhere(fake, (p) => p.pattern === 'regular');
    fake.setFailure('server_error', { times: 1 });
    const error = await providerFailure(
      ctx.client.restoreBackup(id, { source: 'local', backupType: 'automatic', backup: '2026-11-25 03:00' }),
    );
    expect(error).toMatchObject({ kind: 'server_error', upstreamStatus: 500 });
    expect(error.message).toBe('GridPane is having trouble (HTTP 500): Server Error');
    expect(fake.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
      `POST /oauth/api/v1/backups/restore/${id} 500`,
    ]);
    expect(time.waits).toEqual([]);
    expect(fake.restores).toEqual([]);
  });

  it('gives a restore a rate-limit bucket of its own, apart from the manual backup', async () => {
    const time = fakeTime();
    const ctx = await setup(
      { sites: 10, endpointLimit: 1, windowSeconds: 1, backupsNow: () => NOW },
      { sleep: time.sleep, clock: time.clock },
    );
    fake = ctx.fake;
    const id = siteWhere(fake, (p) => p.pattern === 'regular');
    await ctx.client.createBackup(id, { type: 'local', tag: 'first' }); // spends the backup's budget
    await ctx.client.restoreBackup(id, {
      source: 'local',
      backupType: 'manual',
      backup: '2026-11-25 14:30 first',
    });
    expect(fake.writes().map((w) => w.status)).toEqual([200, 200]);
    expect(time.waits).toEqual([]);
    expect(fake.restores).toHaveLength(1);
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

describe('GridPane client: WP-CLI updates', () => {
  const path = (id: number) => `/oauth/api/v1/site/run-wp-cli/${id}`;

  it('sends exactly the commands as {"wp": {…}} in one PUT, and the fake runs them on that site', async () => {
    const ctx = await setup({ sites: 10, backupsNow: () => NOW });
    fake = ctx.fake;
    const site = fake.fleet.sites[2]!;
    const wp = {
      plugin: ['update contact-form-7 --version=6.0.2', 'update akismet'],
      theme: ['update astra --force --version=4.8.1'],
      core: ['update --minor'],
    };
    await expect(ctx.client.runWpCli(site.id, wp)).resolves.toBeUndefined();
    expect(fake.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
      `PUT ${path(site.id)} 200`,
    ]);
    expect(fake.writes()[0]!.body).toBe(JSON.stringify({ wp }));
    expect(fake.wpCli).toEqual([{ siteId: site.id, url: site.url, wp, at: new Date(NOW) }]);

    // A group without commands is left out; a core update may name its version and force it.
    await ctx.client.runWpCli(site.id, { plugin: [], core: ['update --version=6.5.5 --force'] });
    expect(sentBodies(fake)[1]).toEqual({ wp: { core: ['update --version=6.5.5 --force'] } });
  });

  it('refuses anything but a plugin, theme or core update before sending anything', async () => {
    const ctx = await setup({ sites: 5 });
    fake = ctx.fake;
    const id = fake.fleet.sites[0]!.id;
    const bad: unknown[] = [
      {},
      { plugin: [] },
      { plugin: 'update akismet' },
      { plugin: [42] },
      { cli: ['update akismet'] },
      { plugin: ['update --all'] },
      { plugin: ['install akismet'] },
      { plugin: ['delete akismet'] },
      { plugin: ['update'] },
      { plugin: ['update akismet; rm -rf /'] },
      { plugin: ['update akismet && wp user create x x@x.example'] },
      { plugin: ['update Akismet'] },
      { plugin: ['update ../akismet'] },
      { plugin: [`update ${'a'.repeat(101)}`] },
      { plugin: ['update akismet  --force'] },
      { plugin: [' update akismet'] },
      { plugin: ['update akismet\n--force'] },
      { plugin: ['update akismet --activate'] },
      { plugin: ['update akismet --minor'] },
      { plugin: ['update akismet other-plugin'] },
      { plugin: ['update akismet --force --force'] },
      { plugin: ['update akismet --version=5.3.5 --version=5.3.3'] },
      { plugin: ['update akismet --version='] },
      { plugin: ['update akismet --version=$(id)'] },
      { plugin: ['update akismet --version=.1'] },
      { plugin: [`update akismet --version=1${'.0'.repeat(20)}`] },
      // A version outside the one version grammar, however harmless it looks as one token.
      { plugin: ['update akismet --version=6.4--force'] },
      { plugin: ['update akismet --version=5.3.5-'] },
      { plugin: [`update akismet --version=5.3.5-${'a'.repeat(30)}`] },
      { core: ['update --version=latest'] },
      { theme: ['update astra --url=evil.example'] },
      { core: ['update'] },
      { core: ['update --minor --version=6.7.1'] },
      { core: ['update 6.7.1'] },
      { core: ['update --version=latest;id'] },
      { core: ['download --version=6.7.1'] },
      { plugin: ['update akismet'], core: ['update --patch'] },
    ];
    for (const wp of bad) {
      await expect(ctx.client.runWpCli(id, wp as Parameters<typeof ctx.client.runWpCli>[1])).rejects.toThrow(
        TypeError,
      );
    }
    await expect(ctx.client.runWpCli(-1, { plugin: ['update akismet'] })).rejects.toThrow(TypeError);
    expect(fake.writes()).toEqual([]);
    // The allowed forms, flags in any order.
    await ctx.client.runWpCli(id, {
      plugin: ['update wpforms-lite --force --version=1.9.2.2', 'update duplicate-post'],
      theme: ['update twentytwentyfour --version=1.2'],
      core: ['update --minor --force', 'update --version=6.7.1'],
    });
    expect(fake.writes().map((w) => w.status)).toEqual([200]);
  });

  it('never sends WP-CLI commands twice after a 500 or a timeout: GridPane may be running them', async () => {
    const time = fakeTime();
    const ctx = await setup({ sites: 10 }, { sleep: time.sleep, clock: time.clock });
    fake = ctx.fake;
    const id = fake.fleet.sites[0]!.id;
    fake.setFailure('server_error', { times: 1 });
    const error = await providerFailure(ctx.client.runWpCli(id, { plugin: ['update akismet'] }));
    expect(error).toMatchObject({ kind: 'server_error', upstreamStatus: 500 });
    expect(error.message).toBe('GridPane is having trouble (HTTP 500): Server Error');
    expect(fake.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([`PUT ${path(id)} 500`]);
    expect(time.waits).toEqual([]);
    expect(fake.wpCli).toEqual([]);

    const slow = await setup({ sites: 10, slowMs: 2000 }, { fetchTimeoutMs: 200 });
    try {
      slow.fake.setFailure('slow', { times: 1 });
      const timeout = await providerFailure(
        slow.client.runWpCli(slow.fake.fleet.sites[0]!.id, { plugin: ['update akismet'] }),
      );
      expect(timeout.kind).toBe('timeout');
      expect(slow.fake.writes()).toHaveLength(1);
    } finally {
      await slow.fake.close();
    }
  });

  it('sends the commands again after a 429, once its whole advised wait has passed', async () => {
    const time = fakeTime();
    const ctx = await setup({ sites: 10 }, { sleep: time.sleep, clock: time.clock });
    fake = ctx.fake;
    const id = fake.fleet.sites[0]!.id;
    fake.setFailure('rate_limited', { times: 1 });
    await ctx.client.runWpCli(id, { core: ['update --minor'] });
    expect(time.waits).toEqual([60_250]);
    expect(fake.writes().map((w) => w.status)).toEqual([429, 200]);
    expect(fake.wpCli).toHaveLength(1);
  });

  it('fails clearly for a site GridPane does not know, and runs nothing', async () => {
    const ctx = await setup({ sites: 5 });
    fake = ctx.fake;
    const error = await providerFailure(ctx.client.runWpCli(1, { plugin: ['update akismet'] }));
    expect(error).toMatchObject({
      kind: 'not_found',
      status: 404,
      provider: 'gridpane',
      upstreamStatus: 404,
    });
    expect(error.message).toBe('GridPane could not find that item (HTTP 404)');
    expect(fake.writes().map((w) => w.status)).toEqual([404]);
    expect(fake.wpCli).toEqual([]);
  });

  it('reads success: false, an error body or an unreadable 2xx as a failure', async () => {
    const bodies = [
      { success: false, message: 'WP-CLI is\u0007 disabled on this server.' },
      { error: { code: 'site_busy', message: 'Another task is running on this site.' } },
      {},
      { success: true, message: 'Commands successfully executed on 203.0.113.10 server.' },
    ];
    const stub = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(bodies.shift()));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const client = createGridPaneClient({
        baseUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
        token: 'stub-wp-cli-token',
        addressPolicy: localTargets,
        minSpacingMs: 0,
      });
      const run = () => client.runWpCli(7, { plugin: ['update akismet'] });
      const disabled = await providerFailure(run());
      expect(disabled).toMatchObject({ kind: 'bad_response', upstreamStatus: 200 });
      expect(disabled.message).toBe('GridPane refused the request: WP-CLI is disabled on this server.');
      expect((await providerFailure(run())).message).toBe(
        'GridPane refused the request: Another task is running on this site.',
      );
      expect(await providerFailure(run())).toMatchObject({ kind: 'bad_response' });
      await expect(run()).resolves.toBeUndefined();
    } finally {
      stub.closeAllConnections();
      await new Promise((resolve) => stub.close(resolve));
    }
  });
});
