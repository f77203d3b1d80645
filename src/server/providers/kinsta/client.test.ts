import { afterEach, describe, expect, it } from 'vitest';
import { type FakeKinsta, type FakeKinstaOptions, startFakeKinsta } from '../../../../test/fakes/kinsta';
import { fakeTime, localTargets, providerFailure } from '../../core/outbound/provider-test-helpers';
import { createKinstaClient, type KinstaClientOptions } from './client';
import { parseOperation, parseUpdateStarted } from './parse';

let fake: FakeKinsta | undefined;
afterEach(async () => {
  // Nothing in these tests asked for a write: the fake must have seen none.
  expect(fake?.unplannedWrites() ?? []).toEqual([]);
  await fake?.close();
  fake = undefined;
});

async function setup(fakeOptions: FakeKinstaOptions = {}, clientOptions: Partial<KinstaClientOptions> = {}) {
  fake = await startFakeKinsta({ sites: 6, now: Date.UTC(2026, 10, 27, 12), ...fakeOptions });
  const calls: { path: string; status: number | null; attempt: number }[] = [];
  const client = createKinstaClient({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    addressPolicy: localTargets,
    minSpacingMs: 0,
    onCall: ({ path, status, attempt }) => calls.push({ path, status, attempt }),
    ...clientOptions,
  });
  return { fake, client, calls };
}

describe('Kinsta client', () => {
  it('finds the key’s company, its expiry and name through /validate', async () => {
    const { client, fake } = await setup();
    const key = await client.validate();
    expect(key.companyId).toBe(fake.companyId);
    expect(key.name).toBe('agency-hub');
    expect(key.expiresAt?.getTime()).toBe(Number(fake.state.expiresAt));
  });

  it('reads every site with its environments, domains, WordPress and PHP in one call', async () => {
    const { client, fake, calls } = await setup();
    const { items, skipped } = await client.listSites(fake.companyId);
    expect(skipped).toBe(0);
    expect(items).toHaveLength(6);
    expect(calls.map((c) => c.path)).toEqual([`/sites?company=${fake.companyId}&include_environments=true`]);
    const first = fake.state.sites[0]!;
    const site = items.find((s) => s.id === first.id)!;
    expect(site.name).toBe(first.name);
    expect(site.labels).toEqual(['Client: Acme']);
    const live = site.environments.find((e) => e.live)!;
    expect(live.primaryDomain).toBe(first.environments[0]!.domains[0]);
    expect(live.domains.map((d) => d.name)).toEqual(first.environments[0]!.domains);
    expect(live.wordpressVersion).toBe(first.environments[0]!.wordpressVersion);
    expect(live.phpVersion).toBe(first.environments[0]!.php.replace('php', ''));
    // The second site has a staging copy beside its live environment.
    const second = items.find((s) => s.id === fake.state.sites[1]!.id)!;
    expect(second.environments.map((e) => [e.name, e.live])).toEqual([
      ['live', true],
      ['staging', false],
    ]);
  });

  it('reads an environment’s plugins and themes with the updates Kinsta sees', async () => {
    const { client, fake } = await setup();
    const env = fake.state.sites[0]!.environments[0]!;
    env.plugins = [
      {
        name: 'woocommerce',
        title: 'WooCommerce',
        status: 'active',
        version: '9.3.3',
        updateVersion: '9.3.4',
      },
      { name: 'akismet', title: 'Akismet', status: 'inactive', version: '5.3.3', updateVersion: null },
    ];
    const plugins = await client.listPlugins(env.id);
    expect(plugins.items).toEqual([
      {
        slug: 'woocommerce',
        title: 'WooCommerce',
        status: 'active',
        version: '9.3.3',
        updateVersion: '9.3.4',
      },
      { slug: 'akismet', title: 'Akismet', status: 'inactive', version: '5.3.3', updateVersion: null },
    ]);
    const themes = await client.listThemes(env.id);
    expect(themes.items.map((t) => t.slug)).toEqual(env.themes.map((t) => t.name));
  });

  it('reads backups with their kind and time, and downloadable ones', async () => {
    const { client, fake } = await setup();
    const env = fake.state.sites[0]!.environments[0]!;
    env.backups = [
      {
        id: 11,
        name: 'a-daily',
        note: 'Daily Auto Backup',
        type: 'daily',
        createdAt: Date.UTC(2026, 10, 27, 3),
      },
      {
        id: 12,
        name: 'a-manual',
        note: 'Before update',
        type: 'manual',
        createdAt: Date.UTC(2026, 10, 26, 9),
      },
      {
        id: 13,
        name: 'a-system',
        note: 'Restore point',
        type: 'system_generated',
        createdAt: Date.UTC(2026, 10, 25),
      },
    ];
    env.downloadable = [{ id: 'dl-1', createdAt: Date.UTC(2026, 10, 25), expiresAt: Date.UTC(2026, 11, 2) }];
    const backups = await client.listBackups(env.id);
    expect(backups.items.map((b) => [b.id, b.kind, b.note, b.createdAt.toISOString()])).toEqual([
      ['11', 'automatic', 'Daily Auto Backup', '2026-11-27T03:00:00.000Z'],
      ['12', 'manual', 'Before update', '2026-11-26T09:00:00.000Z'],
      ['13', 'system', 'Restore point', '2026-11-25T00:00:00.000Z'],
    ]);
    const downloadable = await client.listDownloadableBackups(env.id);
    expect(downloadable.items).toEqual([
      expect.objectContaining({
        id: 'dl-1',
        kind: 'downloadable',
        expiresAt: new Date(Date.UTC(2026, 11, 2)),
      }),
    ]);
  });

  it('tells a refused key (401) from an environment it cannot see (404)', async () => {
    const { fake } = await setup();
    const wrong = createKinstaClient({
      baseUrl: fake.url,
      apiKey: 'not-the-key',
      addressPolicy: localTargets,
      minSpacingMs: 0,
    });
    const refused = await providerFailure(wrong.validate());
    expect(refused.kind).toBe('unauthorized');
    expect(refused.message).toBe('Kinsta rejected the API key (HTTP 401)');
    const { client } = await setup();
    const missing = await providerFailure(client.listPlugins('0c2d4f00-0000-4000-8000-000000000000'));
    expect(missing.kind).toBe('not_found');
    expect(missing.status).toBe(404);
  });

  it('waits the whole Retry-After of a 429 before asking again, and never meets a second 429', async () => {
    const time = fakeTime();
    const { client, fake, calls } = await setup(
      { retryAfterSeconds: 30 },
      { sleep: time.sleep, clock: time.clock },
    );
    fake.setFailure('sites', 'rate_limited', { times: 1 });
    const { items } = await client.listSites(fake.companyId);
    expect(items).toHaveLength(6);
    expect(time.waits).toEqual([30_000]);
    expect(calls.map((c) => [c.status, c.attempt])).toEqual([
      [429, 0],
      [200, 1],
    ]);
  });

  it('gives up with a rate-limited error when Kinsta asks for longer than it may wait', async () => {
    const time = fakeTime();
    const { client, fake } = await setup(
      { retryAfterSeconds: 600 },
      { sleep: time.sleep, clock: time.clock, maxRetryWaitMs: 120_000 },
    );
    fake.setFailure('sites', 'rate_limited');
    const error = await providerFailure(client.listSites(fake.companyId));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(600);
    expect(time.waits).toEqual([]);
  });

  it('retries a 500 with a growing backoff, then says Kinsta is having trouble', async () => {
    const time = fakeTime();
    const { client, fake, calls } = await setup({}, { sleep: time.sleep, clock: time.clock });
    fake.setFailure('backups', 'server_error');
    const env = fake.state.sites[0]!.environments[0]!;
    const error = await providerFailure(client.listBackups(env.id));
    expect(error.kind).toBe('server_error');
    expect(error.message).toMatch(/^Kinsta is having trouble \(HTTP 500\)/);
    expect(time.waits).toEqual([2000, 4000, 8000]);
    expect(calls).toHaveLength(4);
  });

  it('reads a cut-off answer or an HTML page as a bad response, never as an empty list', async () => {
    const { client, fake } = await setup();
    fake.setFailure('sites', 'truncated', { times: 1 });
    expect((await providerFailure(client.listSites(fake.companyId))).kind).toBe('bad_response');
    fake.setFailure('sites', 'html', { times: 1 });
    const html = await providerFailure(client.listSites(fake.companyId));
    expect(html.message).toBe('Kinsta sent an HTML page instead of JSON');
  });

  it('paces requests on one key', async () => {
    const time = fakeTime();
    // A key of its own: the lane remembers the last request of every key.
    const { client, fake } = await setup(
      { apiKey: 'kinsta-pacing-key-42' },
      { sleep: time.sleep, clock: time.clock, minSpacingMs: 1000 },
    );
    const env = fake.state.sites[0]!.environments[0]!;
    await client.listPlugins(env.id);
    await client.listThemes(env.id);
    await client.listBackups(env.id);
    expect(time.waits).toEqual([1000, 1000]);
  });

  it('never puts an id that is not Kinsta-shaped into a path', async () => {
    const { client } = await setup();
    await expect(client.listPlugins('../validate')).rejects.toThrow('Invalid Kinsta id');
  });
});

describe('Kinsta client: manual backups', () => {
  const NOW = Date.UTC(2026, 10, 27, 12);
  const OPERATION = /^backups:add-manual-[0-9a-f-]{36}$/;

  it('creates a backup, follows its operation from pending to done, and then lists it', async () => {
    const { client, fake, calls } = await setup();
    const env = fake.state.sites[0]!.environments[0]!;
    const before = env.backups.length;
    const { operationId } = await client.createManualBackup(env.id, 'Before plugin update');
    expect(operationId).toMatch(OPERATION);
    expect(fake.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
      `POST /sites/environments/${env.id}/manual-backups 202`,
    ]);
    expect(await client.getOperation(operationId)).toEqual({ state: 'pending', message: null });
    expect(await client.getOperation(operationId)).toEqual({ state: 'running', message: 'In progress' });
    expect(env.backups).toHaveLength(before);
    expect(await client.getOperation(operationId)).toEqual({
      state: 'done',
      message: 'Manual backup created',
    });
    expect(await client.getOperation(operationId)).toMatchObject({ state: 'done' });
    // The id's colon travels encoded, so the whole id is one path segment.
    expect(calls.filter((c) => c.path.startsWith('/operations/')).map((c) => c.path)).toEqual(
      Array(4).fill(`/operations/${encodeURIComponent(operationId)}`),
    );
    const backups = await client.listBackups(env.id);
    expect(backups.items).toHaveLength(before + 1);
    expect(backups.items.filter((b) => b.note === 'Before plugin update')).toEqual([
      expect.objectContaining({ kind: 'manual', type: 'manual', createdAt: new Date(NOW) }),
    ]);
    fake.acknowledgeWrites();
  });

  it('surfaces Kinsta’s reason when it refuses the backup, and starts nothing', async () => {
    const { client, fake } = await setup();
    const env = fake.state.sites[0]!.environments[0]!;
    const refused = await providerFailure(client.createManualBackup(env.id, '  '));
    expect(refused).toMatchObject({ kind: 'bad_response', provider: 'kinsta', upstreamStatus: 400 });
    expect(refused.message).toBe('Kinsta refused the request (HTTP 400): tag is required');
    const missing = await providerFailure(
      client.createManualBackup('0c2d4f00-0000-4000-8000-000000000000', 'x'),
    );
    expect(missing).toMatchObject({ kind: 'not_found', status: 404 });
    await expect(client.createManualBackup('../validate', 'x')).rejects.toThrow('Invalid Kinsta id');
    expect(fake.state.operations).toEqual([]);
    expect(fake.writes().map((w) => w.status)).toEqual([400, 404]);
    fake.acknowledgeWrites();
  });

  it('never sends a backup twice after a 500: Kinsta may be making it', async () => {
    const time = fakeTime();
    const { client, fake, calls } = await setup({}, { sleep: time.sleep, clock: time.clock });
    fake.setFailure('manualBackup', 'server_error', { times: 1 });
    const env = fake.state.sites[0]!.environments[0]!;
    const error = await providerFailure(client.createManualBackup(env.id, 'once'));
    expect(error.kind).toBe('server_error');
    expect(error.message).toBe('Kinsta is having trouble (HTTP 500): Internal Server Error');
    expect(fake.writes()).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect(time.waits).toEqual([]);
    fake.acknowledgeWrites();
  });

  it('never sends a backup twice after a timeout', async () => {
    const { client, fake } = await setup({ slowMs: 2000 }, { fetchTimeoutMs: 200 });
    fake.setFailure('manualBackup', 'slow', { times: 1 });
    const env = fake.state.sites[0]!.environments[0]!;
    expect((await providerFailure(client.createManualBackup(env.id, 'once'))).kind).toBe('timeout');
    expect(fake.writes()).toHaveLength(1);
    fake.acknowledgeWrites();
  });

  it('sends a backup again after a 429, once the whole Retry-After has passed', async () => {
    const time = fakeTime();
    const { client, fake, calls } = await setup(
      { retryAfterSeconds: 30 },
      { sleep: time.sleep, clock: time.clock },
    );
    fake.setFailure('manualBackup', 'rate_limited', { times: 1 });
    const env = fake.state.sites[0]!.environments[0]!;
    const { operationId } = await client.createManualBackup(env.id, 'after-wait');
    expect(time.waits).toEqual([30_000]);
    expect(calls.map((c) => [c.status, c.attempt])).toEqual([
      [429, 0],
      [202, 1],
    ]);
    expect(fake.writes().map((w) => w.status)).toEqual([429, 202]);
    expect(fake.state.operations.map((o) => o.id)).toEqual([operationId]);
    fake.acknowledgeWrites();
  });

  it('reads a failed or unknown operation, never retrying its 500, and checks the id it is given', async () => {
    const time = fakeTime();
    const { client, fake, calls } = await setup({}, { sleep: time.sleep, clock: time.clock });
    expect(await client.getOperation('backups:add-manual-unknown')).toEqual({
      state: 'pending',
      message: null,
    });
    fake.setFailure('operation', 'server_error', { times: 1 });
    expect(await client.getOperation('backups:add-manual-unknown')).toEqual({
      state: 'failed',
      message: 'Internal Server Error',
    });
    expect(calls).toHaveLength(2);
    expect(time.waits).toEqual([]);
    await expect(client.getOperation('../validate')).rejects.toThrow('Invalid Kinsta operation id');
    await expect(client.getOperation('a'.repeat(129))).rejects.toThrow('Invalid Kinsta operation id');
    const wrong = createKinstaClient({
      baseUrl: fake.url,
      apiKey: 'not-the-key',
      addressPolicy: localTargets,
      minSpacingMs: 0,
    });
    expect((await providerFailure(wrong.getOperation('backups:add-manual-x'))).kind).toBe('unauthorized');
  });

  it('reads an operation from the body’s status first, then the HTTP one', () => {
    expect(parseOperation(404, { status: 404, message: 'Could not find data' })).toEqual({
      state: 'pending',
      message: null,
    });
    expect(parseOperation(200, { status: 202, message: 'Operation in progress' })).toMatchObject({
      state: 'running',
    });
    expect(parseOperation(200, { status: 500, message: 'Backup\u0000 failed\n  badly' })).toEqual({
      state: 'failed',
      message: 'Backup failed badly',
    });
    expect(parseOperation(202, { status: '200' })).toEqual({ state: 'done', message: null });
    expect(parseOperation(200, null)).toEqual({ state: 'done', message: null });
    expect(parseOperation(202, 'odd')).toEqual({ state: 'running', message: null });
    expect(parseOperation(503, null)).toEqual({ state: 'failed', message: null });
    expect(parseOperation(400, { message: 'Bad operation id' })).toEqual({
      state: 'failed',
      message: 'Bad operation id',
    });
  });
});

describe('Kinsta client: restores', () => {
  const NOW = Date.UTC(2026, 10, 27, 12);
  const OPERATION = /^backups:restore-[0-9a-f-]{36}$/;
  const UNKNOWN = '0c2d4f00-0000-4000-8000-000000000000';

  it('lists the company’s users, and finds no other company', async () => {
    const { client, fake, calls } = await setup();
    const users = await client.listCompanyUsers(fake.companyId);
    expect(users).toEqual(fake.state.users.map((u) => ({ id: u.id, email: u.email, name: u.fullName })));
    expect(users).toHaveLength(2);
    expect(calls.map((c) => c.path)).toEqual([`/company/${fake.companyId}/users`]);
    expect(await providerFailure(client.listCompanyUsers(UNKNOWN))).toMatchObject({ kind: 'not_found' });
    await expect(client.listCompanyUsers('../validate')).rejects.toThrow('Invalid Kinsta id');
  });

  it('restores a live backup onto staging, follows it from pending to done, then it is recorded', async () => {
    const { client, fake } = await setup();
    // The second site has a staging copy: its live backup is put onto staging.
    const [live, staging] = fake.state.sites[1]!.environments;
    const backup = live!.backups[0]!;
    const [user] = await client.listCompanyUsers(fake.companyId);
    const { operationId } = await client.restoreBackup(staging!.id, backup.id, user!.id);
    expect(operationId).toMatch(OPERATION);
    expect(fake.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
      `POST /sites/environments/${staging!.id}/backups/restore 202`,
    ]);
    expect(await client.getOperation(operationId)).toEqual({ state: 'pending', message: null });
    expect(await client.getOperation(operationId)).toEqual({ state: 'running', message: 'In progress' });
    expect(fake.state.restores).toEqual([]);
    expect(await client.getOperation(operationId)).toEqual({ state: 'done', message: 'Backup restored' });
    expect(await client.getOperation(operationId)).toMatchObject({ state: 'done' });
    expect(fake.state.restores).toEqual([
      { envId: staging!.id, backupId: backup.id, notifiedUserId: user!.id, at: NOW },
    ]);
    fake.acknowledgeWrites();
  });

  it('surfaces Kinsta’s reason when it refuses a restore, and starts nothing', async () => {
    const { client, fake } = await setup();
    const env = fake.state.sites[0]!.environments[0]!;
    const backup = env.backups[0]!;
    const userId = fake.state.users[0]!.id;
    const unknownUser = await providerFailure(client.restoreBackup(env.id, backup.id, UNKNOWN));
    expect(unknownUser).toMatchObject({ kind: 'bad_response', provider: 'kinsta', upstreamStatus: 400 });
    expect(unknownUser.message).toBe(
      'Kinsta refused the request (HTTP 400): notified_user_id must be a user of the company',
    );
    // A backup of another site, one that does not exist, and an environment that does not.
    const otherSite = fake.state.sites[2]!.environments[0]!.backups[0]!.id;
    for (const call of [
      client.restoreBackup(env.id, otherSite, userId),
      client.restoreBackup(env.id, 1, userId),
      client.restoreBackup(UNKNOWN, backup.id, userId),
    ]) {
      expect(await providerFailure(call)).toMatchObject({ kind: 'not_found', status: 404 });
    }
    await expect(client.restoreBackup('../validate', backup.id, userId)).rejects.toThrow('Invalid Kinsta id');
    await expect(client.restoreBackup(env.id, 1.5, userId)).rejects.toThrow('Invalid Kinsta backup id');
    await expect(client.restoreBackup(env.id, backup.id, 'not a user')).rejects.toThrow('Invalid Kinsta id');
    expect(fake.writes().map((w) => w.status)).toEqual([400, 404, 404, 404]);
    expect(fake.state.operations).toEqual([]);
    expect(fake.state.restores).toEqual([]);
    fake.acknowledgeWrites();
  });

  it('never sends a restore twice after a 500: Kinsta may be restoring already', async () => {
    const time = fakeTime();
    const { client, fake, calls } = await setup({}, { sleep: time.sleep, clock: time.clock });
    fake.setFailure('restore', 'server_error', { times: 1 });
    const env = fake.state.sites[0]!.environments[0]!;
    const error = await providerFailure(
      client.restoreBackup(env.id, env.backups[0]!.id, fake.state.users[0]!.id),
    );
    expect(error.kind).toBe('server_error');
    expect(error.message).toBe('Kinsta is having trouble (HTTP 500): Internal Server Error');
    expect(fake.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
      `POST /sites/environments/${env.id}/backups/restore 500`,
    ]);
    expect(calls).toHaveLength(1);
    expect(time.waits).toEqual([]);
    expect(fake.state.operations).toEqual([]);
    fake.acknowledgeWrites();
  });
});

describe('Kinsta client: plugin and theme updates', () => {
  const NOW = Date.UTC(2026, 10, 27, 12);
  const UNKNOWN = '0c2d4f00-0000-4000-8000-000000000000';
  const PLUGIN_OPERATION = /^plugins:update-[0-9a-f-]{36}$/;

  /** The first site's live environment, with plugins and a theme of known versions. */
  async function withSoftware(
    fakeOptions: FakeKinstaOptions = {},
    clientOptions: Partial<KinstaClientOptions> = {},
  ) {
    const context = await setup(fakeOptions, clientOptions);
    const env = context.fake.state.sites[0]!.environments[0]!;
    env.plugins = [
      {
        name: 'woocommerce',
        title: 'WooCommerce',
        status: 'active',
        version: '9.3.3',
        updateVersion: '9.3.4',
      },
      { name: 'akismet', title: 'Akismet', status: 'active', version: '5.3.3', updateVersion: '5.4' },
    ];
    env.themes = [
      { name: 'astra', title: 'Astra', status: 'active', version: '4.8.3', updateVersion: '4.8.4' },
    ];
    return { ...context, env };
  }

  it('sends { name, update_version }, follows the operation to done, then reads the new version back', async () => {
    const { client, fake, env, calls } = await withSoftware();
    const { operationId } = await client.updatePlugin(env.id, 'woocommerce', '9.3.4');
    expect(operationId).toMatch(PLUGIN_OPERATION);
    expect(fake.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
      `PUT /sites/environments/${env.id}/plugins 202`,
    ]);
    expect(fake.writeBodies()).toEqual([
      {
        method: 'PUT',
        path: `/sites/environments/${env.id}/plugins`,
        body: '{"name":"woocommerce","update_version":"9.3.4"}',
      },
    ]);
    expect(await client.getOperation(operationId)).toEqual({ state: 'pending', message: null });
    expect(await client.getOperation(operationId)).toEqual({ state: 'running', message: 'In progress' });
    expect((await client.listPlugins(env.id)).items[0]).toMatchObject({ version: '9.3.3' });
    expect(await client.getOperation(operationId)).toEqual({
      state: 'done',
      message: 'Plugin woocommerce updated to 9.3.4',
    });
    expect(await client.getOperation(operationId)).toMatchObject({ state: 'done' });
    const plugins = await client.listPlugins(env.id);
    expect(plugins.items.map((p) => [p.slug, p.version, p.updateVersion])).toEqual([
      ['woocommerce', '9.3.4', null],
      ['akismet', '5.3.3', '5.4'],
    ]);
    expect(fake.state.updates).toEqual([
      { envId: env.id, software: 'plugin', slug: 'woocommerce', from: '9.3.3', to: '9.3.4', at: NOW },
    ]);
    // Every poll was one request: a pending or running operation is not retried by the client.
    expect(calls.filter((c) => c.path.startsWith('/operations/'))).toHaveLength(4);
    fake.acknowledgeWrites();
  });

  it('updates a theme the same way, through the themes path', async () => {
    const { client, fake, env } = await withSoftware();
    const { operationId } = await client.updateTheme(env.id, 'astra', '4.8.4');
    expect(operationId).toMatch(/^themes:update-[0-9a-f-]{36}$/);
    expect(fake.writeBodies()).toEqual([
      {
        method: 'PUT',
        path: `/sites/environments/${env.id}/themes`,
        body: '{"name":"astra","update_version":"4.8.4"}',
      },
    ]);
    for (const state of ['pending', 'running', 'done'] as const) {
      expect((await client.getOperation(operationId)).state).toBe(state);
    }
    expect((await client.listThemes(env.id)).items).toEqual([
      expect.objectContaining({ slug: 'astra', version: '4.8.4', updateVersion: null }),
    ]);
    expect((await client.listPlugins(env.id)).items[0]).toMatchObject({ version: '9.3.3' });
    fake.acknowledgeWrites();
  });

  it('leaves the offered update waiting after an update to a version short of it', async () => {
    const { client, fake, env } = await withSoftware();
    const { operationId } = await client.updatePlugin(env.id, 'akismet', '5.3.4');
    for (let i = 0; i < 3; i++) await client.getOperation(operationId);
    expect((await client.listPlugins(env.id)).items[1]).toMatchObject({
      slug: 'akismet',
      version: '5.3.4',
      updateVersion: '5.4',
    });
    fake.acknowledgeWrites();
  });

  it('reads an update that fails as failed, with Kinsta’s message, and the version stays', async () => {
    const time = fakeTime();
    const { client, fake, env, calls } = await withSoftware({}, { sleep: time.sleep, clock: time.clock });
    fake.setUpdateBehaviour(env.id, 'fails');
    const { operationId } = await client.updatePlugin(env.id, 'woocommerce', '9.3.4');
    expect(await client.getOperation(operationId)).toEqual({ state: 'pending', message: null });
    expect(await client.getOperation(operationId)).toEqual({ state: 'running', message: 'In progress' });
    const failed = { state: 'failed', message: 'Plugin woocommerce could not be updated to 9.3.4' };
    expect(await client.getOperation(operationId)).toEqual(failed);
    // A failed operation stays failed, even once the environment's updates would succeed again.
    fake.setUpdateBehaviour(env.id, 'succeeds');
    expect(await client.getOperation(operationId)).toEqual(failed);
    expect((await client.listPlugins(env.id)).items[0]).toMatchObject({
      version: '9.3.3',
      updateVersion: '9.3.4',
    });
    expect(fake.state.updates).toEqual([]);
    // The failed operation's 500 is its answer, never asked again.
    expect(calls.filter((c) => c.path.startsWith('/operations/')).map((c) => c.status)).toEqual([
      404, 202, 500, 500,
    ]);
    expect(time.waits).toEqual([]);
    fake.acknowledgeWrites();
  });

  it('reads an update that hangs as running for as long as it hangs', async () => {
    const { client, fake, env } = await withSoftware();
    fake.setUpdateBehaviour(env.id, 'hangs');
    const { operationId } = await client.updateTheme(env.id, 'astra', '4.8.4');
    expect((await client.getOperation(operationId)).state).toBe('pending');
    for (let i = 0; i < 6; i++) {
      expect(await client.getOperation(operationId)).toEqual({ state: 'running', message: 'In progress' });
    }
    expect((await client.listThemes(env.id)).items[0]).toMatchObject({ version: '4.8.3' });
    // One that was hanging ends when the environment's updates succeed again.
    fake.setUpdateBehaviour(env.id, 'succeeds');
    expect((await client.getOperation(operationId)).state).toBe('done');
    expect((await client.listThemes(env.id)).items[0]).toMatchObject({ version: '4.8.4' });
    fake.acknowledgeWrites();
  });

  it('refuses a bad slug, version or id before sending anything', async () => {
    const { client, fake, env, calls } = await withSoftware();
    const slugs = [
      '',
      'WooCommerce',
      '-woo',
      '.hidden',
      '../validate',
      'woo commerce',
      'woo/commerce',
      'a'.repeat(101),
    ];
    const versions = ['', 'v1.0!', '.1', '-1', '1.0 ', '1.0/2', '1_0', '9'.repeat(41)];
    for (const update of [client.updatePlugin, client.updateTheme]) {
      for (const slug of slugs) {
        await expect(update(env.id, slug, '1.0.0')).rejects.toThrow('Invalid plugin or theme slug');
      }
      for (const version of versions) {
        await expect(update(env.id, 'woocommerce', version)).rejects.toThrow(
          'Invalid plugin or theme version',
        );
      }
      await expect(update('../validate', 'woocommerce', '1.0.0')).rejects.toThrow('Invalid Kinsta id');
      await expect(update(env.id, 'woocommerce', 9 as unknown as string)).rejects.toThrow(TypeError);
    }
    expect(calls).toEqual([]);
    expect(fake.requests).toEqual([]);
    expect(fake.state.operations).toEqual([]);
  });

  it('accepts the longest slug and version and the usual version shapes', async () => {
    const { client, fake, env } = await withSoftware();
    env.plugins.push({
      name: 'a'.repeat(100),
      title: 'Long',
      status: 'active',
      version: '1.0',
      updateVersion: null,
    });
    for (const version of ['2.0.0-beta.1', '1.0+build.7', '10', '9'.repeat(40)]) {
      expect((await client.updatePlugin(env.id, 'a'.repeat(100), version)).operationId).toMatch(
        PLUGIN_OPERATION,
      );
    }
    expect(fake.writes().map((w) => w.status)).toEqual([202, 202, 202, 202]);
    fake.acknowledgeWrites();
  });

  it('surfaces Kinsta’s 404 for an environment, plugin or theme it does not have, and starts nothing', async () => {
    const { client, fake, env } = await withSoftware();
    for (const call of [
      client.updatePlugin(UNKNOWN, 'woocommerce', '9.3.4'),
      client.updatePlugin(env.id, 'not-installed', '1.0.0'),
      // A plugin is not a theme.
      client.updateTheme(env.id, 'woocommerce', '9.3.4'),
    ]) {
      expect(await providerFailure(call)).toMatchObject({ kind: 'not_found', status: 404 });
    }
    expect(fake.writes().map((w) => `${w.method} ${w.status}`)).toEqual(['PUT 404', 'PUT 404', 'PUT 404']);
    expect(fake.state.operations).toEqual([]);
    fake.acknowledgeWrites();
  });

  it('never sends an update twice after a 500: Kinsta may be updating already', async () => {
    const time = fakeTime();
    const { client, fake, env, calls } = await withSoftware({}, { sleep: time.sleep, clock: time.clock });
    fake.setFailure('updatePlugin', 'server_error', { times: 1 });
    const error = await providerFailure(client.updatePlugin(env.id, 'woocommerce', '9.3.4'));
    expect(error.kind).toBe('server_error');
    expect(error.message).toBe('Kinsta is having trouble (HTTP 500): Internal Server Error');
    expect(fake.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
      `PUT /sites/environments/${env.id}/plugins 500`,
    ]);
    expect(calls).toHaveLength(1);
    expect(time.waits).toEqual([]);
    expect(fake.state.operations).toEqual([]);
    fake.acknowledgeWrites();
  });

  it('never sends an update twice after a timeout', async () => {
    const { client, fake, env } = await withSoftware({ slowMs: 2000 }, { fetchTimeoutMs: 200 });
    fake.setFailure('updateTheme', 'slow', { times: 1 });
    expect((await providerFailure(client.updateTheme(env.id, 'astra', '4.8.4'))).kind).toBe('timeout');
    expect(fake.writes()).toHaveLength(1);
    fake.acknowledgeWrites();
  });

  it('sends an update again after a 429, once the whole Retry-After has passed', async () => {
    const time = fakeTime();
    const { client, fake, env, calls } = await withSoftware(
      { retryAfterSeconds: 30 },
      { sleep: time.sleep, clock: time.clock },
    );
    fake.setFailure('updatePlugin', 'rate_limited', { times: 1 });
    const { operationId } = await client.updatePlugin(env.id, 'woocommerce', '9.3.4');
    expect(time.waits).toEqual([30_000]);
    expect(calls.map((c) => [c.status, c.attempt])).toEqual([
      [429, 0],
      [202, 1],
    ]);
    expect(fake.writes().map((w) => w.status)).toEqual([429, 202]);
    expect(fake.state.operations.map((o) => o.id)).toEqual([operationId]);
    fake.acknowledgeWrites();
  });

  it('reads the operation id at the top of the answer or one level down', () => {
    const id = 'plugins:update-0c2d4f00-0000-4000-8000-000000000000';
    const other = 'plugins:update-1d3e5a11-0000-4000-8000-000000000000';
    expect(parseUpdateStarted({ operation_id: id, message: 'Updating', status: 202 })).toBe(id);
    expect(parseUpdateStarted({ data: { operation_id: id }, status: 202 })).toBe(id);
    expect(parseUpdateStarted({ operations: [{ name: 'woocommerce', operation_id: id }] })).toBe(id);
    expect(parseUpdateStarted({ operation_id: id, data: { operation_id: other } })).toBe(id);
    // Two operations name no single one to follow; an id that could not go into a path is none.
    expect(parseUpdateStarted({ operations: [{ operation_id: id }, { operation_id: other }] })).toBeNull();
    expect(parseUpdateStarted({ data: { operation_id: '../validate' } })).toBeNull();
    expect(parseUpdateStarted({ message: 'Updating', status: 202 })).toBeNull();
    expect(parseUpdateStarted({ data: { data: { operation_id: id } } })).toBeNull();
    expect(parseUpdateStarted(null)).toBeNull();
    expect(parseUpdateStarted([{ operation_id: id }])).toBeNull();
  });
});

describe('Fake Kinsta', () => {
  it('records every request that is not a GET; acknowledged ones are no longer unplanned', async () => {
    const own = await startFakeKinsta({ sites: 1 });
    try {
      const env = own.state.sites[0]!.environments[0]!;
      const write = (method: string, path: string, body?: unknown) =>
        fetch(`${own.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${own.apiKey}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      expect((await write('DELETE', '/sites/environments/backups/123')).status).toBe(404);
      expect((await write('POST', `/sites/environments/${env.id}/manual-backups`)).status).toBe(400);
      expect(own.unplannedWrites().map((r) => `${r.method} ${r.path}`)).toEqual([
        'DELETE /sites/environments/backups/123',
        `POST /sites/environments/${env.id}/manual-backups`,
      ]);
      own.acknowledgeWrites();
      expect(own.unplannedWrites()).toEqual([]);
      const made = await write('POST', `/sites/environments/${env.id}/manual-backups`, { tag: 'pre-launch' });
      expect(made.status).toBe(202);
      const { operation_id: id } = (await made.json()) as { operation_id: string };
      expect(own.unplannedWrites()).toHaveLength(1);
      expect(own.writes()).toHaveLength(3);
      own.acknowledgeWrites();
      const poll = async () => {
        const answer = await fetch(`${own.url}/operations/${encodeURIComponent(id)}`, {
          headers: { authorization: `Bearer ${own.apiKey}` },
        });
        return [answer.status, await answer.json()];
      };
      expect((await poll())[0]).toBe(404);
      expect(await poll()).toEqual([202, { status: 202, message: 'In progress' }]);
      expect(await poll()).toEqual([200, { status: 200, message: 'Manual backup created' }]);
      expect(env.backups.filter((b) => b.note === 'pre-launch')).toHaveLength(1);
      await poll();
      expect(env.backups.filter((b) => b.note === 'pre-launch')).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('answers a plugin or theme update 401, 404 or 422 as Kinsta would, and records it', async () => {
    const own = await startFakeKinsta({ sites: 1 });
    try {
      const env = own.state.sites[0]!.environments[0]!;
      const plugin = { name: 'woocommerce', title: 'WooCommerce', status: 'active' as const };
      env.plugins = [{ ...plugin, version: '9.3.3', updateVersion: null }];
      const put = (path: string, body: string, key = own.apiKey) =>
        fetch(`${own.url}${path}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        }).then((r) => r.status);
      const plugins = `/sites/environments/${env.id}/plugins`;
      const good = JSON.stringify({ name: plugin.name, update_version: '99.0' });
      expect(await put(plugins, good, 'not-the-key')).toBe(401);
      expect(await put('/sites/environments/0c2d4f00-0000-4000-8000-000000000000/plugins', good)).toBe(404);
      expect(await put(plugins, JSON.stringify({ name: 'not-installed', update_version: '1.0' }))).toBe(404);
      expect(await put(plugins, JSON.stringify({ update_version: '1.0' }))).toBe(422);
      expect(await put(plugins, JSON.stringify({ name: plugin.name }))).toBe(422);
      expect(await put(plugins, JSON.stringify({ name: plugin.name, update_version: 'not a version' }))).toBe(
        422,
      );
      expect(await put(plugins, 'not json')).toBe(422);
      expect(own.state.operations).toEqual([]);
      expect(own.unplannedWrites()).toHaveLength(7);
      own.acknowledgeWrites();
      expect(await put(plugins, good)).toBe(202);
      expect(own.unplannedWrites().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        `PUT ${plugins} 202`,
      ]);
      own.acknowledgeWrites();
      expect(own.state.operations).toEqual([
        expect.objectContaining({ kind: 'update', software: 'plugin', slug: plugin.name, version: '99.0' }),
      ]);
      expect(() => own.setUpdateBehaviour('0c2d4f00-0000-4000-8000-000000000000', 'fails')).toThrow(
        'The fake Kinsta has no environment',
      );
    } finally {
      await own.close();
    }
  });
});
