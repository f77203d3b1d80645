import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKinsta, startFakeKinsta } from '../../../test/fakes/kinsta';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { recordSnapshotFacts } from '../websites';

let t: TestApp;
let cookie: string;
let fake: FakeKinsta;

beforeAll(async () => {
  fake = await startFakeKinsta({ sites: 6, seed: 4 });
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  for (const route of ['validate', 'sites'] as const) fake.setFailure(route, null);
  // Reading Kinsta never writes to it.
  expect(fake.unplannedWrites()).toEqual([]);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const save = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/integrations/kinsta', headers: { cookie }, payload });

type ListedWebsite = { domain: string; integrationProvider: string | null; environment: string };

async function websiteIdOf(domain: string): Promise<number> {
  const listed = (await get('/api/websites?page=1&pageSize=100&host=kinsta')).json().data as {
    id: number;
    domain: string;
  }[];
  return listed.find((w) => w.domain === domain)!.id;
}

/** Asks the Websites list to read the hosts anew, waits for the sync, and lists Kinsta's websites. */
async function refreshed(): Promise<ListedWebsite[]> {
  await get('/api/websites?refresh=true&page=1&pageSize=1');
  await t.services.jobs.idle();
  return (await get('/api/websites?page=1&pageSize=100&host=kinsta')).json().data as ListedWebsite[];
}

describe('Kinsta integration', () => {
  it('refuses a key Kinsta does not accept, on the key field, and saves nothing', async () => {
    const res = await save({ apiKey: 'not-a-kinsta-key', baseUrl: fake.url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'provider_rejected_credentials',
      fieldErrors: { apiKey: ['Kinsta did not accept this key'] },
    });
    const list = (await get('/api/integrations')).json() as { provider: string; configured: boolean }[];
    expect(list.find((i) => i.provider === 'kinsta')?.configured).toBe(false);
  });

  it('refuses a company that is not the key’s, on the company field', async () => {
    const res = await save({
      apiKey: fake.apiKey,
      companyId: '11111111-2222-4333-8444-555555555555',
      baseUrl: fake.url,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.companyId[0]).toMatch(/belongs to another Kinsta company/);
  });

  it('says what an empty or malformed field needs', async () => {
    const res = await save({ apiKey: '', companyId: 'not a uuid!', baseUrl: 'ftp://kinsta' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fieldErrors;
    expect(fields.apiKey).toEqual(['API key is required']);
    expect(fields.companyId[0]).toMatch(/UUID shown in MyKinsta/);
    expect(fields.baseUrl[0]).toMatch(/https:\/\//);
  });

  it('finds the company through the key, keeps the key sealed, and turns every environment into a website', async () => {
    const res = await save({ apiKey: fake.apiKey, baseUrl: fake.url });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toMatch(`Connected to Kinsta (company ${fake.companyId}).`);
    expect(body).toMatchObject({
      provider: 'kinsta',
      enabled: true,
      companyId: fake.companyId,
      tokenSet: true,
    });
    expect(JSON.stringify(body)).not.toContain(fake.apiKey);
    await t.services.jobs.idle();

    const listed = (await get('/api/websites?page=1&pageSize=100&host=kinsta')).json()
      .data as ListedWebsite[];
    const expected = fake.state.sites.flatMap((s) =>
      s.environments.map((e) => ({ domain: e.domains[0], staging: e.name !== 'live' })),
    );
    expect(listed.map((w) => w.domain).sort()).toEqual(expected.map((e) => e.domain).sort());
    for (const e of expected) {
      const website = listed.find((w) => w.domain === e.domain)!;
      expect(website.integrationProvider).toBe('kinsta');
      expect(website.environment).toBe(e.staging ? 'staging' : 'production');
    }
    // One call read every site with its environments.
    expect(fake.requests.filter((r) => r.path === '/sites')).toHaveLength(1);
    const integration = (await get('/api/integrations'))
      .json()
      .find((i: { provider: string }) => i.provider === 'kinsta');
    expect(integration.lastSyncAt).not.toBeNull();
    expect(integration.lastError).toBeNull();
  });

  it('records the PHP each live environment runs, from its container', async () => {
    const site = fake.state.sites[0]!;
    const env = site.environments[0]!;
    const listed = (await get('/api/websites?page=1&pageSize=100&host=kinsta')).json().data as {
      id: number;
      domain: string;
    }[];
    const id = listed.find((w) => w.domain === env.domains[0])!.id;
    const website = (await get(`/api/websites/${id}`)).json();
    // No WordPress answer yet: the PHP shown is the one the host runs.
    expect(website.phpVersion).toBe(env.php.replace('php', ''));
    // Named and dated by its source: read with Kinsta's last complete list of sites.
    expect(website.versions.php).toEqual([
      { version: env.php.replace('php', ''), source: 'kinsta', readAt: expect.any(String) },
    ]);
  });

  it('lists each environment’s plugins and themes with the updates Kinsta sees', async () => {
    const env = fake.state.sites[0]!.environments[0]!;
    const id = await websiteIdOf(env.domains[0]!);
    const software = (await get(`/api/websites/${id}`)).json().software;
    expect(software).toMatchObject({ checked: true, source: 'kinsta' });
    expect(
      software.plugins.map((p: { slug: string; version: string; updateVersion: string | null }) => [
        p.slug,
        p.version,
        p.updateVersion,
      ]),
    ).toEqual(
      [...env.plugins]
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((p) => [p.name, p.version, p.updateVersion]),
    );
    expect(software.themes.map((t: { slug: string }) => t.slug)).toEqual(env.themes.map((t) => t.name));
  });

  it('lets the site’s own WordPress list outrank Kinsta’s while it is fresh, and stand in when it is not', async () => {
    const env = fake.state.sites[0]!.environments[0]!;
    const id = await websiteIdOf(env.domains[0]!);
    const own = {
      plugins: [
        {
          slug: 'hello-dolly',
          file: 'hello.php',
          name: 'Hello Dolly',
          version: '1.7.2',
          active: true,
          updateVersion: null,
          autoUpdate: false,
        },
      ],
      themes: [],
    };
    await recordSnapshotFacts(
      { db: t.db },
      id,
      { ok: true, snapshot: { wordpress_version: '6.8.3', php_version: '8.2.1', software: own } },
      t.clock.now(),
    );
    await refreshed();
    const kept = (await get(`/api/websites/${id}`)).json().software;
    expect(kept.source).toBe('hdsnapshot');
    expect(kept.plugins.map((p: { slug: string }) => p.slug)).toEqual(['hello-dolly']);
    // WordPress's list last read a day and more ago: Kinsta's list stands in.
    await recordSnapshotFacts(
      { db: t.db },
      id,
      { ok: true, snapshot: { wordpress_version: '6.8.3', php_version: '8.2.1', software: own } },
      new Date(t.clock.now().getTime() - 25 * 3_600_000),
    );
    await refreshed();
    const standIn = (await get(`/api/websites/${id}`)).json().software;
    expect(standIn.source).toBe('kinsta');
    expect(standIn.plugins.map((p: { slug: string }) => p.slug)).not.toContain('hello-dolly');
  });

  it('keeps every website when Kinsta fails, and says so on the integration', async () => {
    fake.setFailure('sites', 'server_error');
    const listed = await refreshed();
    expect(listed.length).toBe(fake.state.sites.reduce((n, s) => n + s.environments.length, 0));
    const integration = (await get('/api/integrations'))
      .json()
      .find((i: { provider: string }) => i.provider === 'kinsta');
    expect(integration.lastError).toMatch(/^Kinsta is having trouble \(HTTP 500\)/);
  });

  it('marks a site removed at Kinsta as removed, and no other', async () => {
    fake.setFailure('sites', null);
    const gone = fake.state.sites.pop()!;
    const listed = await refreshed();
    const domains = listed.map((w) => w.domain);
    for (const e of gone.environments) expect(domains).not.toContain(e.domains[0]);
    expect(listed.length).toBe(fake.state.sites.reduce((n, s) => n + s.environments.length, 0));
  });
});
