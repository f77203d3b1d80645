import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { startFakeGridPane } from '../../../test/fakes/gridpane';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { normaliseDomain } from '../../shared/domains';
import { rowsOf } from '../core/sql';

/**
 * The paged lists on one fleet: every filter, sort, `q`, the totals, every 400, and the whole-list
 * answers (no paging parameter) left as they were.
 */
let t: TestApp;
let cookie: string;
let gridpane: Awaited<ReturnType<typeof startFakeGridPane>>;
let uptime: Awaited<ReturnType<typeof startFakeBetterUptime>>;
let domains: string[];
let tagA: number;
let tagB: number;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

beforeAll(async () => {
  gridpane = await startFakeGridPane({
    sites: 60,
    servers: 6,
    seed: 13,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  domains = gridpane.fleet.sites.map((s) => normaliseDomain(String(s.url)));
  // The last ten sites have no monitor; two are down and two paused.
  uptime = await startFakeBetterUptime({
    sites: gridpane.fleet.sites.slice(0, 50).map((s) => String(s.url)),
    seed: 13,
    statuses: {
      [domains[0]!]: 'down',
      [domains[1]!]: 'down',
      [domains[2]!]: 'paused',
      [domains[3]!]: 'paused',
      ...Object.fromEntries(domains.slice(4, 50).map((d) => [d, 'up'])),
    },
  });
  t = await createTestApp();
  cookie = await t.signIn();
  await post('/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
  await post('/api/integrations/betteruptime', { apiToken: uptime.token, baseUrl: uptime.url });
  await t.services.jobs.idle();
  expect((await get('/api/sites')).statusCode).toBe(200);
  expect((await get('/api/monitors')).statusCode).toBe(200);
  await t.services.jobs.idle();

  tagA = (await post('/api/tags', { name: 'Shop' })).json().id;
  tagB = (await post('/api/tags', { name: 'Agency' })).json().id;
  const websites = (await json('/api/websites')) as { id: number; domain: string }[];
  const byDomain = new Map(websites.map((w) => [w.domain, w.id]));
  for (const d of domains.slice(0, 7)) await post(`/api/websites/${byDomain.get(d)}/tags`, { tagId: tagA });
  await post(`/api/websites/${byDomain.get(domains[0]!)}/tags`, { tagId: tagB });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([gridpane?.close(), uptime?.close()]);
});

type SiteRow = {
  id: number;
  url: string;
  status: string;
  server_id: number | null;
  server_label: string | null;
  website_id: number | null;
  website_name: string | null;
  tags: { id: number; name: string }[];
  monitor: { status: string; uptime: number | null } | null;
};

describe('GET /api/sites, paged', () => {
  it('answers the whole list without paging parameters', async () => {
    const body = await json('/api/sites');
    expect(body.data).toHaveLength(60);
    expect(body).not.toHaveProperty('total');
    expect(Object.keys(body).sort()).toEqual([
      'cached',
      'data',
      'error',
      'partial',
      'progress',
      'refreshing',
      'syncedAt',
    ]);
    expect(body.progress).toBeNull(); // no sync under way
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'id',
        'url',
        'status',
        'php_version',
        'server_id',
        'server_label',
        'type',
        'is_ssl',
        'ssl_status',
        'nginx_caching',
        'website_id',
      ].sort(),
    );
  });

  it('pages through every site once, in url order, with the total', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = await json(`/api/sites?page=${page}&pageSize=16`);
      expect(body).toMatchObject({ total: 60, overall: 60, page, pageSize: 16, cached: true, error: null });
      expect(body.data).toHaveLength(page < 4 ? 16 : 12);
      seen.push(...body.data.map((s: SiteRow) => s.url));
    }
    expect(new Set(seen).size).toBe(60);
    expect(seen).toEqual([...seen].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const beyond = await json('/api/sites?page=9&pageSize=16');
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(60);
  });

  it('joins each row to its website, tags and monitor in the one answer', async () => {
    const body = await json('/api/sites?pageSize=200');
    const rows = body.data as SiteRow[];
    const first = rows.find((r) => normaliseDomain(r.url) === domains[0])!;
    expect(first.website_id).toEqual(expect.any(Number));
    expect(first.website_name).toBe(domains[0]);
    expect(first.tags.map((t) => t.name)).toEqual(['Agency', 'Shop']);
    expect(first.monitor?.status).toBe('down');
    const unmonitored = rows.find((r) => normaliseDomain(r.url) === domains[55])!;
    expect(unmonitored.monitor).toBeNull();
    expect(unmonitored.tags).toEqual([]);
  });

  it('filters by server, tag, status and monitor, and searches with q', async () => {
    const all = (await json('/api/sites?pageSize=200')).data as SiteRow[];
    const serverId = all[0]!.server_id!;
    const onServer = await json(`/api/sites?serverId=${serverId}&pageSize=200`);
    expect(onServer.total).toBe(all.filter((s) => s.server_id === serverId).length);
    expect(onServer.data.every((s: SiteRow) => s.server_id === serverId)).toBe(true);
    expect(onServer.overall).toBe(60);

    const tagged = await json(`/api/sites?tagId=${tagA}`);
    expect(tagged.total).toBe(7);
    expect((await json(`/api/sites?tagId=${tagB}`)).total).toBe(1);

    for (const status of ['active', 'pending', 'error']) {
      const body = await json(`/api/sites?status=${status}&pageSize=200`);
      expect(body.total).toBe(all.filter((s) => s.status === status).length);
    }
    expect((await json('/api/sites?monitor=down')).total).toBe(2);
    expect((await json('/api/sites?monitor=paused')).total).toBe(2);
    expect((await json('/api/sites?monitor=up')).total).toBe(46);
    expect((await json('/api/sites?monitor=none')).total).toBe(10);

    const needle = domains[5]!.slice(0, 6).toUpperCase();
    const found = await json(`/api/sites?q=${encodeURIComponent(needle)}&pageSize=200`);
    expect(found.total).toBe(all.filter((s) => s.url.toLowerCase().includes(needle.toLowerCase())).length);
    expect(found.total).toBeGreaterThan(0);
    expect((await json('/api/sites?q=%25_nothing')).total).toBe(0); // % and _ are characters, not wildcards

    const both = await json(`/api/sites?tagId=${tagA}&monitor=down`);
    expect(both.total).toBe(2);
  });

  it("keeps a tag's total right at once as websites are tagged and untagged", async () => {
    const websites = (await json('/api/websites')) as { id: number; domain: string }[];
    const idOf = (d: string) => websites.find((w) => w.domain === d)!.id;
    const del = (url: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } });
    const total = async () => (await json(`/api/sites?tagId=${tagA}`)).total;
    expect(await total()).toBe(7); // read (and kept) before the changes below
    await post(`/api/websites/${idOf(domains[10]!)}/tags`, { tagId: tagA });
    expect(await total()).toBe(8);
    await del(`/api/websites/${idOf(domains[10]!)}/tags/${tagA}`);
    expect(await total()).toBe(7);
    // Same number of tagged websites, another set: one of them is no GridPane site.
    const [manual] = rowsOf<{ id: number }>(
      await t.db.execute(sql`insert into websites (name, domain, integration_provider, status, environment)
        values ('By hand', 'by-hand.example', 'manual', 'active', 'production') returning id`),
    );
    const manualId = Number(manual!.id);
    await post(`/api/websites/${manualId}/tags`, { tagId: tagA });
    await del(`/api/websites/${idOf(domains[6]!)}/tags/${tagA}`);
    expect(await total()).toBe(6);
    const rows = (await json(`/api/sites?tagId=${tagA}&pageSize=200`)).data as SiteRow[];
    expect(rows).toHaveLength(6);
    // Back as it was for the tests after this one.
    await post(`/api/websites/${idOf(domains[6]!)}/tags`, { tagId: tagA });
    await t.db.execute(sql`delete from websites where id = ${manualId}`);
    expect(await total()).toBe(7);
  });

  it('sorts by url, status and server, either way', async () => {
    const urls = (await json('/api/sites?sort=-url&pageSize=200')).data.map((s: SiteRow) => s.url);
    expect(urls).toEqual(
      [...urls].sort((a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1)),
    );
    const statuses = (await json('/api/sites?sort=status&pageSize=200')).data.map((s: SiteRow) => s.status);
    expect(statuses).toEqual([...statuses].sort());
    const labels = (await json('/api/sites?sort=-server&pageSize=200')).data.map((s: SiteRow) =>
      (s.server_label ?? '').toLowerCase(),
    );
    expect(labels).toEqual([...labels].sort().reverse());
  });

  it('answers 400 with field errors for bad values', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['pageSize=10000', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['sort=php', 'sort'],
      ['sort=--url', 'sort'],
      ['serverId=abc', 'serverId'],
      ['serverId=1.5', 'serverId'],
      ['tagId=-3', 'tagId'],
      ['status=gone', 'status'],
      ['monitor=sideways', 'monitor'],
    ] as const) {
      const res = await get(`/api/sites?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fieldErrors, query).toHaveProperty(field);
    }
  });

  it('gives the filter menus small option lists with counts', async () => {
    const options = await json('/api/sites/options');
    expect(options.servers.length).toBeGreaterThan(0);
    const sites = (await json('/api/sites?pageSize=200')).data as SiteRow[];
    expect(options.servers.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(
      sites.filter((s) => s.server_id !== null).length,
    );
    expect(options.tags).toEqual([
      { id: String(tagB), label: 'Agency', count: 1 },
      { id: String(tagA), label: 'Shop', count: 7 },
    ]);
    const one = options.servers[0];
    const narrowed = await json(`/api/sites/options?q=${encodeURIComponent(one.label)}`);
    expect(narrowed.servers.map((s: { id: string }) => s.id)).toContain(one.id);
  });
});

describe('GET /api/websites, paged', () => {
  it('keeps the whole array without parameters, and pages with them', async () => {
    const all = await json('/api/websites');
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(60);
    const page = await json('/api/websites?page=2&pageSize=25&sort=domain');
    expect(page).toMatchObject({ total: 60, overall: 60, page: 2, pageSize: 25 });
    expect(page.data.map((w: { domain: string }) => w.domain)).toEqual(
      all.map((w: { domain: string }) => w.domain).slice(25, 50),
    );
    expect((await json(`/api/websites?tagId=${tagA}`)).total).toBe(7);
    expect((await json('/api/websites?monitor=none')).total).toBe(10);
    const first = (await json(`/api/websites?q=${domains[0]}`)).data[0];
    expect(first).toMatchObject({ domain: domains[0], monitor: { status: 'down' } });
    expect(first.serverLabel).toEqual(expect.any(String));
    expect((await get('/api/websites?sort=url')).statusCode).toBe(400);
  });
});

describe('GET /api/servers and /api/monitors, paged', () => {
  it('servers: whole list unchanged, pages, status filter, q, sort and 400s', async () => {
    const all = await json('/api/servers');
    expect(all.data).toHaveLength(6);
    expect(all).not.toHaveProperty('total');
    const page = await json('/api/servers?page=2&pageSize=4');
    expect(page).toMatchObject({ total: 6, overall: 6, page: 2, pageSize: 4 });
    expect(page.data.map((s: { id: number }) => s.id)).toEqual(
      all.data.slice(4).map((s: { id: number }) => s.id),
    );
    expect(page.statuses.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(6);
    const status = all.data[0].status;
    expect((await json(`/api/servers?status=${status}`)).total).toBe(
      all.data.filter((s: { status: string }) => s.status === status).length,
    );
    const byIp = await json(`/api/servers?q=${all.data[0].ip}`);
    expect(byIp.data.map((s: { id: number }) => s.id)).toContain(all.data[0].id);
    const bySites = (await json('/api/servers?sort=-sites')).data.map(
      (s: { sites_count: number }) => s.sites_count,
    );
    expect(bySites).toEqual([...bySites].sort((a, b) => b - a));
    for (const q of ['page=0', 'pageSize=201', 'sort=ip'])
      expect((await get(`/api/servers?${q}`)).statusCode).toBe(400);
    // The integration's own path stays the whole list.
    expect((await json('/api/integrations/gridpane/servers')).data).toHaveLength(6);
  });

  it('monitors: whole list unchanged, pages, status, q, sort and 400s', async () => {
    const all = await json('/api/monitors');
    const n = uptime.monitors.length;
    expect(all.data).toHaveLength(n);
    expect(all).not.toHaveProperty('total');
    const page = await json('/api/monitors?pageSize=20&page=3');
    expect(page).toMatchObject({ total: n, overall: n, page: 3, pageSize: 20 });
    expect(page.data).toHaveLength(n - 40);
    const of = (status: string) =>
      all.data.filter((m: { attributes: { status: string } }) => m.attributes.status === status).length;
    expect((await json('/api/monitors?status=down')).total).toBe(of('down'));
    expect((await json('/api/monitors?status=paused')).total).toBe(of('paused'));
    const name = all.data[7].attributes.pronounceable_name as string;
    const found = await json(`/api/monitors?q=${encodeURIComponent(name.toUpperCase())}`);
    expect(found.data.map((m: { id: string }) => m.id)).toContain(all.data[7].id);
    const statuses = (await json('/api/monitors?sort=status&pageSize=200')).data.map(
      (m: { attributes: { status: string } }) => m.attributes.status,
    );
    expect(statuses).toEqual([...statuses].sort());
    expect(page.data[0]).toHaveProperty('websiteId');
    for (const q of ['status=broken', 'sort=url', 'page=-1'])
      expect((await get(`/api/monitors?${q}`)).statusCode).toBe(400);
  });
});

describe('GET /api/clients and /api/tasks, paged', () => {
  it('clients: array unchanged, pages, status, tag, q, sort and 400s', async () => {
    for (let i = 0; i < 12; i++) {
      await post('/api/clients', {
        name: `Client ${String(i).padStart(2, '0')}`,
        company: i % 2 ? 'Acme' : 'Globex',
        status: i < 3 ? 'archived' : 'active',
      });
    }
    const all = await json('/api/clients');
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(12);
    await post(`/api/clients/${all[4].id}/tags`, { tagId: tagA });
    const page = await json('/api/clients?page=2&pageSize=5');
    expect(page).toMatchObject({ total: 12, overall: 12, page: 2, pageSize: 5 });
    expect(page.data.map((c: { name: string }) => c.name)).toEqual(
      all.slice(5, 10).map((c: { name: string }) => c.name),
    );
    expect((await json('/api/clients?status=archived')).total).toBe(3);
    expect((await json(`/api/clients?tagId=${tagA}`)).data.map((c: { id: number }) => c.id)).toEqual([
      all[4].id,
    ]);
    expect((await json('/api/clients?q=acme')).total).toBe(6);
    expect((await json('/api/clients?sort=-name&pageSize=1')).data[0].name).toBe('Client 11');
    for (const q of ['status=old', 'tagId=x', 'sort=email', 'pageSize=500'])
      expect((await get(`/api/clients?${q}`)).statusCode, q).toBe(400);
  });

  it('tasks: the whole array without parameters; any filter or paging key gives a page with counts', async () => {
    const client = (await json('/api/clients?pageSize=1')).data[0];
    const statuses = ['todo', 'todo', 'in-progress', 'review', 'completed'] as const;
    for (let i = 0; i < 10; i++) {
      await post('/api/tasks', {
        title: `Task ${i} ${i % 3 === 0 ? 'backup' : 'update'}`,
        status: statuses[i % 5],
        priority: i % 2 ? 'high' : 'low',
        clientId: i < 4 ? client.id : null,
      });
    }
    const all = await json('/api/tasks');
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(10);
    for (const filter of ['status=todo', 'priority=high', `clientId=${client.id}`, 'assigneeId=1']) {
      const answer = await json(`/api/tasks?${filter}`);
      expect(answer, filter).toMatchObject({ page: 1, pageSize: 50, overall: 10 });
    }
    expect((await json('/api/tasks?status=todo')).data).toHaveLength(4);
    const page = await json('/api/tasks?page=1&pageSize=3&status=todo');
    expect(page).toMatchObject({ total: 4, overall: 10, page: 1, pageSize: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.counts).toEqual({ todo: 4, 'in-progress': 2, review: 2, completed: 2 });
    expect((await json('/api/tasks?q=backup')).total).toBe(4);
    expect((await json(`/api/tasks?q=${encodeURIComponent(client.name)}`)).total).toBe(4);
    expect((await json(`/api/tasks?clientId=${client.id}&page=1`)).total).toBe(4);
    expect((await json('/api/tasks?priority=high&page=1')).total).toBe(5);
    const titles = (await json('/api/tasks?sort=-title&pageSize=10')).data.map(
      (x: { title: string }) => x.title,
    );
    expect(titles).toEqual([...titles].sort().reverse());
    for (const q of ['page=0', 'sort=assignee', 'assigneeId=abc', 'pageSize=10000'])
      expect((await get(`/api/tasks?${q}`)).statusCode, q).toBe(400);
  });
});

describe('pages kept for reuse (the answer cache)', () => {
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });

  it('show every change of what they join at once: tag names, client names, task status', async () => {
    const tagNames = (rows: { tags: { id: number; name: string }[] }[]) =>
      rows.flatMap((r) => r.tags.filter((x) => x.id === tagA).map((x) => x.name));
    // Each page is read twice first, so the second answer is the kept one.
    for (let i = 0; i < 2; i++) {
      expect(tagNames((await json('/api/sites?pageSize=50')).data)).toContain('Shop');
      expect(tagNames((await json('/api/websites?pageSize=50')).data)).toContain('Shop');
    }
    expect((await put(`/api/tags/${tagA}`, { name: 'Shops', color: '#2563eb' })).statusCode).toBe(200);
    expect(new Set(tagNames((await json('/api/sites?pageSize=50')).data))).toEqual(new Set(['Shops']));
    expect(new Set(tagNames((await json('/api/websites?pageSize=50')).data))).toEqual(new Set(['Shops']));

    const firstClient = (await json('/api/clients?pageSize=1')).data[0];
    const task = (await json(`/api/tasks?page=1&pageSize=50&clientId=${firstClient.id}`)).data[0];
    const client = task.client as { id: number; name: string };
    for (let i = 0; i < 2; i++) await json('/api/clients?pageSize=50');
    for (let i = 0; i < 2; i++) await json('/api/tasks?page=1&pageSize=50');
    expect((await put(`/api/clients/${client.id}`, { name: 'Renamed Client' })).statusCode).toBe(200);
    const clients = (await json('/api/clients?pageSize=50')).data as { id: number; name: string }[];
    expect(clients.find((c) => c.id === client.id)?.name).toBe('Renamed Client');
    const tasks = (await json('/api/tasks?page=1&pageSize=50')).data as {
      id: number;
      client: { name: string };
    }[];
    expect(tasks.find((x) => x.id === task.id)?.client.name).toBe('Renamed Client');

    const before = (await json('/api/tasks?page=1&pageSize=50')).counts;
    const { id: _, assignee: __, client: ___, website: ____, createdAt: _c, updatedAt: _u, ...fields } = task;
    const moved = await put(`/api/tasks/${task.id}`, { ...fields, clientId: client.id, status: 'completed' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await json('/api/tasks?page=1&pageSize=50')).counts;
    expect(after.completed).toBe(before.completed + (task.status === 'completed' ? 0 : 1));
  });
});
