import { afterEach, describe, expect, it } from 'vitest';
import { type FakeGridPane, generateFleet, startFakeGridPane } from '../../../../test/fakes/gridpane';

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
