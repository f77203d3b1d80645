import { afterEach, describe, expect, it } from 'vitest';
import {
  backupPlan,
  type FakeGridPane,
  fakeBackupsOf,
  generateFleet,
  latestBackupSlot,
  newestFakeBackup,
  startFakeGridPane,
} from '../../../../test/fakes/gridpane';

// The fake is test infrastructure other tests trust, so its GridPane behaviour is pinned here.
let fake: FakeGridPane | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const get = (path: string, token = fake!.token) =>
  fetch(`${fake!.url}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });

describe('fleet generator', () => {
  it('is deterministic per seed, with unique realistic domains and secrets in place', () => {
    const a = generateFleet({ servers: 6, sites: 300, seed: 3 });
    expect(generateFleet({ servers: 6, sites: 300, seed: 3 })).toEqual(a);
    expect(generateFleet({ servers: 6, sites: 300, seed: 4 }).sites[0]!.url).not.toBe(a.sites[0]!.url);
    const urls = a.sites.map((s) => String(s.url));
    expect(new Set(urls).size).toBe(300);
    for (const url of urls) expect(url).toMatch(/^(staging\.)?[a-z]+\.[a-z]+$/);
    expect(a.sites.some((s) => s.type === 'staging')).toBe(true);
    expect(new Set(a.sites.map((s) => s.ssl_status))).toEqual(new Set(['succeed', 'pending', 'failed']));
    expect(a.servers[0]!.label).toMatch(/^prod-[a-z]{3}-01$/);
    for (const s of a.servers) expect(s.label).toMatch(/^(prod|staging|dev)-[a-z]{3}-\d{2}$/);
    expect(a.systemUsers.every((u) => String(u.password).startsWith('REDACTED-'))).toBe(true);
    expect(a.servers.every((s) => String(s.server_key).startsWith('REDACTED-'))).toBe(true);
  });
});

describe('fake GridPane server', () => {
  it('checks the bearer token and answers unknown paths with 404', async () => {
    fake = await startFakeGridPane();
    const denied = await get('/user', 'wrong');
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await get('/servers')).status).toBe(404); // plural paths do not exist
    expect(await (await get('/nope')).json()).toEqual({ message: 'Not Found' });
  });

  it('paginates Laravel-style with its own host in the links', async () => {
    fake = await startFakeGridPane({ sites: 40, defaultPerPage: 15 });
    const body = await (await get('/site?page=2')).json();
    expect(body.data).toHaveLength(15);
    expect(body.meta).toMatchObject({
      current_page: 2,
      last_page: 3,
      per_page: 15,
      from: 16,
      to: 30,
      total: 40,
    });
    expect(body.links).toEqual({
      first: `${fake.url}/site?page=1`,
      last: `${fake.url}/site?page=3`,
      prev: `${fake.url}/site?page=1`,
      next: `${fake.url}/site?page=3`,
    });
    expect((await (await get('/site?per_page=9999')).json()).meta.per_page).toBe(500);
  });

  it('spends a per-endpoint budget and answers 429 with GridPane headers, never Retry-After', async () => {
    fake = await startFakeGridPane({ endpointLimit: 5, listPageCost: 2 });
    const first = await get('/site');
    expect(first.headers.get('x-ratelimit-endpoint-limit')).toBe('5');
    expect(first.headers.get('x-ratelimit-endpoint-remaining')).toBe('3');
    expect(first.headers.get('x-ratelimit-endpoint-reset')).toBeNull();
    expect((await get('/site')).status).toBe(200);
    const limited = await get('/site');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: "Beep, Beep, you're going too fast..." });
    expect(Number(limited.headers.get('retry-after-endpoint'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('x-ratelimit-endpoint-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect((await get('/user')).status).toBe(200); // another endpoint has its own budget
  });

  it('fails on demand, after N requests and for N times', async () => {
    fake = await startFakeGridPane();
    fake.setFailure('server_error', { after: 1, times: 1 });
    expect([(await get('/user')).status, (await get('/user')).status, (await get('/user')).status]).toEqual([
      200, 500, 200,
    ]);
    fake.setFailure('html');
    expect((await get('/user')).headers.get('content-type')).toContain('text/html');
    fake.setFailure(null);
    expect(fake.requests.map((r) => r.status)).toEqual([200, 500, 200, 200]);
  });
});

describe('fake GridPane backups', () => {
  const NOW = Date.UTC(2026, 10, 25, 1, 15); // before 03:00 UTC: the newest slot is yesterday's
  const DAY = 86_400_000;

  it('gives each site a fixed pattern from its id, in realistic proportions', () => {
    const ids = generateFleet({ sites: 3000, seed: 5 }).sites.map((s) => s.id);
    const plans = ids.map(backupPlan);
    expect(ids.map(backupPlan)).toEqual(plans);
    const share = (test: (p: (typeof plans)[number]) => boolean) => plans.filter(test).length / plans.length;
    expect(share((p) => p.pattern === 'none')).toBeGreaterThan(0.01);
    expect(share((p) => p.pattern === 'none')).toBeLessThan(0.045);
    expect(share((p) => p.pattern === 'stopped')).toBeGreaterThan(0.04);
    expect(share((p) => p.pattern === 'stopped')).toBeLessThan(0.1);
    expect(share((p) => p.remote)).toBeGreaterThan(0.4);
    expect(share((p) => p.remote)).toBeLessThan(0.6);
    expect(share((p) => p.manual !== null)).toBeGreaterThan(0.1);
    expect(share((p) => p.manual !== null)).toBeLessThan(0.25);
    expect(latestBackupSlot(NOW)).toBe(Date.UTC(2026, 10, 24, 3, 0));
    for (const id of ids.slice(0, 500)) {
      const plan = backupPlan(id);
      const newest = newestFakeBackup(id, NOW);
      if (plan.pattern === 'none') expect(newest).toBeNull();
      else if (plan.pattern === 'regular') expect(newest!.getTime()).toBe(latestBackupSlot(NOW));
      else {
        const age = (NOW - newest!.getTime()) / DAY;
        expect(age).toBeGreaterThanOrEqual(2);
        expect(age).toBeLessThan(5);
      }
    }
  });

  it('serves the keyed list, refresh, schedules and retention; unknown sites are 404', async () => {
    fake = await startFakeGridPane({ sites: 60, backupsNow: () => NOW });
    const site = fake.fleet.sites.find((s) => backupPlan(s.id).remote)!;
    const backups = fakeBackupsOf(site.id, NOW);
    const listed = (location: string, kind: string) =>
      backups
        .filter((b) => b.location === location && b.kind === kind)
        .map((b) => b.id)
        .reverse()
        .join(',');
    expect(await (await get(`/backups/original/${site.id}`)).json()).toEqual({
      success: true,
      backups: {
        local: { automatic: listed('local', 'automatic'), manual: listed('local', 'manual') },
        wasabi: { automatic: listed('remote', 'automatic'), manual: '' },
      },
    });
    expect(listed('local', 'automatic').split(',')).toHaveLength(7);
    expect(listed('local', 'automatic').endsWith('2026-11-24 03:00')).toBe(true);
    const none = fake.fleet.sites.find((s) => backupPlan(s.id).pattern === 'none')!;
    expect((await (await get(`/backups/original/${none.id}`)).json()).backups).toEqual({
      local: { automatic: '', manual: '' },
    });
    expect(await (await get(`/backups/refresh/${site.id}`)).json()).toEqual({
      success: true,
      message: 'Backups refreshed',
    });
    expect(await (await get(`/backups/prune-schedule/${site.id}`)).json()).toEqual({
      success: true,
      local_retain_days: 7,
      remote_retain_days: 30,
    });
    const page = await (await get('/backups/schedules?per_page=5&page=2')).json();
    expect(page.meta).toMatchObject({ current_page: 2, per_page: 5, total: 60 });
    expect(page.data[0]).toMatchObject({
      site_id: fake.fleet.sites[5]!.id,
      server_id: fake.fleet.sites[5]!.server_id,
      url: fake.fleet.sites[5]!.url,
    });
    for (const path of ['/backups/original/1', '/backups/refresh/1', '/backups/prune-schedule/1']) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('gives each backup read its own rate-limit bucket and accepts no write but a backup or restore', async () => {
    fake = await startFakeGridPane({ sites: 5, endpointLimit: 2 });
    const id = fake.fleet.sites[0]!.id;
    const statuses = async (path: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await get(path)).status);
      return out;
    };
    expect(await statuses(`/backups/original/${id}`, 3)).toEqual([200, 200, 429]);
    expect(await statuses(`/backups/refresh/${id}`, 3)).toEqual([200, 200, 429]);
    expect(await statuses(`/backups/prune-schedule/${id}`, 1)).toEqual([200]);
    expect(await statuses('/backups/schedules', 2)).toEqual([200, 429]); // a list page costs 2
    for (const [method, path] of [
      ['PUT', `/backups/automatic/${id}`],
      ['PUT', `/backups/prune-schedule/${id}`],
      ['POST', `/backups/refresh/${id}`],
    ] as const) {
      const answer = await fetch(`${fake.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'local', tag: 'pre-update' }),
      });
      expect(answer.status).toBe(404);
    }
    expect(fake.writes().map((w) => w.method)).toEqual(['PUT', 'PUT', 'POST']);
  });

  it('makes a manual backup on POST, validated as GridPane does, and lists it from then on', async () => {
    fake = await startFakeGridPane({ sites: 60, endpointLimit: 100, backupsNow: () => NOW });
    const remote = fake.fleet.sites.find(
      (s) => backupPlan(s.id).pattern === 'regular' && backupPlan(s.id).remote,
    )!;
    const localOnly = fake.fleet.sites.find((s) => !backupPlan(s.id).remote)!;
    const post = (id: number, body: unknown) =>
      fetch(`${fake!.url}/backups/${id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake!.token}`, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const refused = async (id: number, body: unknown) => {
      const answer = await post(id, body);
      expect(answer.status).toBe(422);
      return ((await answer.json()) as { error: { code: string } }).error.code;
    };
    expect(await refused(remote.id, { type: 'local', tag: 'no spaces' })).toBe('invalid_tag');
    expect(await refused(remote.id, { type: 'local', tag: 'AUTO' })).toBe('invalid_tag');
    expect(await refused(remote.id, { type: 'local', tag: 'a'.repeat(33) })).toBe('invalid_tag');
    expect(await refused(remote.id, { type: 'offsite', tag: 'ok' })).toBe('invalid_type');
    expect(await refused(remote.id, 'not json')).toBe('invalid_request');
    expect(await refused(remote.id, { type: 'remote', tag: 'ok' })).toBe('invalid_integration');
    expect(await refused(remote.id, { type: 'remote', integration_id: 1, tag: 'ok' })).toBe(
      'invalid_integration',
    );
    expect(await refused(localOnly.id, { type: 'remote', integration_id: 2783, tag: 'ok' })).toBe(
      'invalid_integration',
    );
    expect((await post(1, { type: 'local', tag: 'ok' })).status).toBe(404);
    const badTag = await (await post(remote.id, { type: 'local', tag: 'manual' })).json();
    expect(badTag).toEqual({
      error: { code: 'invalid_tag', message: 'The tag may only contain letters, numbers and dashes.' },
    });

    const made = await post(remote.id, { type: 'local', tag: 'a'.repeat(32) });
    expect(made.status).toBe(200);
    expect(await made.json()).toEqual({ success: true });
    expect((await post(remote.id, { type: 'remote', integration_id: 2783, tag: 'Off-1' })).status).toBe(200);
    const listed = (await (await get(`/backups/original/${remote.id}`)).json()).backups;
    expect(listed.local.manual.split(',')).toContain(`2026-11-25 01:15 ${'a'.repeat(32)}`);
    expect(listed.wasabi.manual).toBe('2026-11-25 01:15 Off-1');
    expect(fake.writes()).toHaveLength(12);
    expect(JSON.parse(fake.writes().at(-1)!.body!)).toEqual({
      type: 'remote',
      integration_id: 2783,
      tag: 'Off-1',
    });
  });

  it('lists the wasabi integration, keys and all, for a site that backs up remotely', async () => {
    fake = await startFakeGridPane({ sites: 60 });
    const remote = fake.fleet.sites.find((s) => backupPlan(s.id).remote)!;
    const localOnly = fake.fleet.sites.find((s) => !backupPlan(s.id).remote)!;
    expect(await (await get(`/backups/integrations/${remote.id}`)).json()).toEqual({
      success: true,
      integrations: [
        {
          id: 2783,
          integrated_service: 'wasabi',
          integration_name: 'Offsite EU',
          token: 'REDACTED-token',
          secret_token: 'REDACTED-secret',
        },
      ],
    });
    expect(await (await get(`/backups/integrations/${localOnly.id}`)).json()).toEqual({
      success: true,
      integrations: [],
    });
    expect((await get('/backups/integrations/1')).status).toBe(404);
  });
});
