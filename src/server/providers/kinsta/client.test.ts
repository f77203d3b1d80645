import { afterEach, describe, expect, it } from 'vitest';
import { type FakeKinsta, type FakeKinstaOptions, startFakeKinsta } from '../../../../test/fakes/kinsta';
import { fakeTime, localTargets, providerFailure } from '../../core/outbound/provider-test-helpers';
import { createKinstaClient, type KinstaClientOptions } from './client';

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

describe('Fake Kinsta', () => {
  it('records any request that is not a GET as an unplanned write', async () => {
    const own = await startFakeKinsta({ sites: 1 });
    try {
      const env = own.state.sites[0]!.environments[0]!;
      const answer = await fetch(`${own.url}/sites/environments/${env.id}/manual-backups`, {
        method: 'POST',
        headers: { authorization: `Bearer ${own.apiKey}` },
      });
      expect(answer.status).toBe(404);
      expect(own.unplannedWrites().map((r) => `${r.method} ${r.path}`)).toEqual([
        `POST /sites/environments/${env.id}/manual-backups`,
      ]);
    } finally {
      await own.close();
    }
  });
});
