import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { startFakeGridPane } from '../../../test/fakes/gridpane';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { checks, incidents, websites } from '../db/schema';
import { refreshHealth } from '../websites/read-model';
import type { RouteEntry } from './access';

// A Staff member or Viewer limited to chosen clients sees those clients and what hangs off them, and
// nothing else: every GET route of the route table is asked, as a limited person, for the other
// client's objects (a 404, never the object) and for lists (the other client's name never appears).
// The agency's Owner sees both, so the walk would fail if the data were not there to leak.
let t: TestApp;
let owner: string;
let gridpane: Awaited<ReturnType<typeof startFakeGridPane>>;
let uptime: Awaited<ReturnType<typeof startFakeBetterUptime>>;
const ids = {
  alpha: 0,
  bravo: 0,
  alphaSite: 0,
  bravoSite: 0,
  alphaCheck: 0,
  bravoCheck: 0,
  bravoTask: 0,
  bravoSiteAtHost: '',
  bravoServer: '',
  sharedWindow: 0,
};
let alphaDomain = '';
/** What Alpha's people must never read: Bravo's name, and every website that is not Alpha's. */
let hidden: RegExp;

/** A GET as a session (a cookie header) or as a personal API token (`Bearer …`). */
const get = (url: string, who: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: who.startsWith('Bearer ') ? { authorization: who } : { cookie: who },
  });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function person(username: string, role: 'staff' | 'viewer', clientIds: number[]): Promise<string> {
  const res = await send('POST', '/api/users', owner, {
    username,
    email: `${username}@example.com`,
    password: 'secret123',
    role,
    clientIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return t.signIn({ username, email: `${username}@example.com`, password: 'secret123' });
}

let staff: string;
let viewer: string;
/** The limited Staff member's personal API token, as an Authorization header. */
let staffToken: string;

beforeAll(async () => {
  // Two servers, each with its own sites, and a monitor for every site.
  gridpane = await startFakeGridPane({
    sites: 4,
    servers: 2,
    seed: 1,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  uptime = await startFakeBetterUptime({ sites: gridpane.fleet.sites.map((s) => String(s.url)), seed: 1 });
  t = await createTestApp();
  owner = await t.signIn();
  expect(
    (
      await send('POST', '/api/integrations/gridpane', owner, {
        baseUrl: gridpane.url,
        accessToken: gridpane.token,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await send('POST', '/api/integrations/betteruptime', owner, {
        baseUrl: uptime.url,
        apiToken: uptime.token,
      })
    ).statusCode,
  ).toBe(200);
  // The first reads fetch both providers; each site becomes a website.
  expect((await get('/api/sites?page=1&pageSize=5', owner)).statusCode).toBe(200);
  expect((await get('/api/monitors?page=1&pageSize=5', owner)).statusCode).toBe(200);
  await t.services.jobs.idle();
  const client = async (name: string) => (await send('POST', '/api/clients', owner, { name })).json().id;
  ids.alpha = await client('Alpha Dental');
  ids.bravo = await client('Bravo Bakery');
  const all = await t.db.select().from(websites);
  // Alpha's website and Bravo's live on different servers.
  const a = all[0]!;
  const b = all.find((w) => w.serverId !== a.serverId)!;
  for (const [w, clientId] of [
    [a, ids.alpha],
    [b, ids.bravo],
  ] as const)
    expect((await send('PUT', `/api/websites/${w.id}/client`, owner, { clientId })).statusCode).toBe(200);
  ids.alphaSite = a.id;
  ids.bravoSite = b.id;
  ids.bravoSiteAtHost = b.providerSiteId!;
  ids.bravoServer = b.serverId!;
  alphaDomain = a.domain;
  const others = all.filter((w) => w.id !== a.id).map((w) => w.domain.replace(/\./g, '\\.'));
  hidden = new RegExp(`bravo|${others.join('|')}`, 'i');
  const at = t.clock.now();
  const [ca, cb] = await t.db
    .insert(checks)
    .values(
      [a, b].map((w) => ({
        name: w.domain,
        url: `https://${w.domain}`,
        intervalSeconds: 60,
        timeoutSeconds: 10,
        expectedStatus: '200-399',
        confirmations: 2,
        websiteId: w.id,
        status: 'down',
        statusSince: at,
        lastCheckedAt: at,
      })),
    )
    .returning();
  ids.alphaCheck = ca!.id;
  ids.bravoCheck = cb!.id;
  await t.db.insert(incidents).values(
    [ca!, cb!].map((c) => ({
      source: 'check',
      checkId: c.id,
      websiteId: c.websiteId,
      title: `${c.name} is down`,
      cause: 'HTTP 503',
      failures: [],
      startedAt: at,
    })),
  );
  await refreshHealth({ db: t.db }, at);
  const task = async (title: string, clientId: number) =>
    (await send('POST', '/api/tasks', owner, { title, clientId })).json().id;
  await task('Alpha reminder', ids.alpha);
  ids.bravoTask = await task('Bravo reminder', ids.bravo);
  expect(
    (await send('POST', '/api/maintenance', owner, { clientId: ids.bravo, durationMinutes: 60 })).statusCode,
  ).toBe(201);
  // A window of both clients' websites and checks (tomorrow, so no health changes): Alpha's people see
  // only Alpha's part of it.
  const both = await send('POST', '/api/maintenance', owner, {
    websiteIds: [a.id, b.id],
    checkIds: [ca!.id, cb!.id],
    startsAt: new Date(at.getTime() + 86_400_000).toISOString(),
    durationMinutes: 60,
  });
  expect(both.statusCode).toBe(201);
  ids.sharedWindow = both.json().id;
  staff = await person('freelancer', 'staff', [ids.alpha]);
  viewer = await person('manager', 'viewer', [ids.alpha]);
  const token = await send('POST', '/api/tokens', staff, { name: 'scripts', expiresInDays: 30 });
  expect(token.statusCode, token.body).toBe(201);
  staffToken = `Bearer ${token.json().token}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([gridpane?.close(), uptime?.close()]);
});

/** A GET route's path asked for the hidden client's objects (Bravo's), or for a list. */
function bravoPath(route: RouteEntry): string {
  const id = route.url.startsWith('/api/clients/:id')
    ? ids.bravo
    : route.url.startsWith('/api/websites/:id')
      ? ids.bravoSite
      : route.url.startsWith('/api/checks/:id')
        ? ids.bravoCheck
        : route.url.startsWith('/api/tasks/:id')
          ? ids.bravoTask
          : route.url.startsWith('/api/sites/:id')
            ? ids.bravoSiteAtHost
            : route.url.startsWith('/api/servers/:id')
              ? ids.bravoServer
              : 1;
  return route.url.replace(/:\w+/g, String(id));
}

/** The routes that hold no client's data (the team, the agency's settings, health, the web app). */
const NOT_CLIENT_DATA = [
  /^\/api\/(health|auth|users|tokens|integrations|settings|alerts|tags$|invitations|audit|docs|openapi)/,
  /^\/(?!api)/,
];

describe('a person limited to chosen clients', () => {
  it('sees the other client in no list, count, search or export, and gets 404 for each of its objects (session or token)', async () => {
    const routes = t.app.routeTable.filter(
      (r) => r.method === 'GET' && r.access !== 'public' && !NOT_CLIENT_DATA.some((p) => p.test(r.url)),
    );
    expect(routes.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    for (const route of routes) {
      const path = bravoPath(route);
      const search = route.url === '/api/search' ? '?q=a' : '';
      const asOwner = await get(path + search, owner);
      for (const [who, cookie] of [
        ['staff', staff],
        ['viewer', viewer],
        ['staff token', staffToken],
      ] as const) {
        const res = await get(path + search, cookie);
        const named = route.url.includes(':id');
        if (named && asOwner.statusCode === 200 && res.statusCode !== 404)
          leaks.push(`${who} ${path}: ${res.statusCode} (the owner got 200)`);
        if (res.statusCode === 200 && hidden.test(res.body))
          leaks.push(`${who} ${path} names ${hidden.exec(res.body)![0]}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 60_000); // walks every GET route three times

  it('still sees their own client, its website, check, incident, task and activity', async () => {
    const seen = async (url: string, text: RegExp) => {
      const res = await get(url, staff);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, url).toMatch(text);
      // The owner sees both clients there, so hiding Bravo above was the limit, not empty data.
      expect((await get(url, owner)).body, url).toMatch(hidden);
    };
    await seen('/api/clients', /Alpha Dental/);
    await seen('/api/clients?page=1&pageSize=25', /Alpha Dental/);
    const mine = new RegExp(alphaDomain.replace(/\./g, '\\.'));
    for (const url of [
      '/api/websites?page=1&pageSize=25',
      '/api/checks',
      '/api/incidents',
      '/api/uptime?page=1&pageSize=25',
      '/api/monitors?page=1&pageSize=25',
      '/api/monitors',
      '/api/sites?page=1&pageSize=25',
      '/api/sites',
      '/api/websites/export.csv',
    ])
      await seen(url, mine);
    await seen('/api/tasks', /Alpha reminder/);
    await seen('/api/activity?limit=50', /Alpha reminder/);
    const page = (await get('/api/websites?page=1&pageSize=25', staff)).json();
    expect(page).toMatchObject({ total: 1, overall: 1 });
    const board = (await get('/api/tasks?page=1&pageSize=25', staff)).json();
    expect(board).toMatchObject({ total: 1, overall: 1 });
    const servers = (await get('/api/servers?page=1&pageSize=25', staff)).json();
    expect(servers).toMatchObject({ total: 1, overall: 1 });
    const dashboard = (await get('/api/dashboard', staff)).json();
    // Its GridPane site, its Better Uptime monitor and our check of it; down by our check.
    expect(dashboard).toMatchObject({ down: 1, totalSites: 1, totalMonitors: 2 });
    expect(dashboard.websiteStatus.map((c: { domain: string }) => c.domain)).toEqual([alphaDomain]);
  });

  it('changes only what is theirs, and cannot add clients', async () => {
    const refused = await send('POST', '/api/clients', staff, { name: 'Charlie' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/chosen clients only, so you cannot add clients/);
    expect((await send('PUT', `/api/clients/${ids.bravo}`, staff, { name: 'Mine now' })).statusCode).toBe(
      404,
    );
    const task = await send('POST', '/api/tasks', staff, { title: 'Sneaky', clientId: ids.bravo });
    expect(task.statusCode).toBe(400);
    expect(task.json().fieldErrors).toEqual({ clientId: [`No client with id ${ids.bravo}`] });
    const noClient = await send('POST', '/api/tasks', staff, { title: 'Floating' });
    expect(noClient.json().fieldErrors).toEqual({ clientId: ['Choose one of your clients for this task'] });
    expect((await send('POST', '/api/tasks', staff, { title: 'Mine', clientId: ids.alpha })).statusCode).toBe(
      201,
    );
    const edit = { title: 'Mine now', clientId: ids.alpha };
    expect((await send('PUT', `/api/tasks/${ids.bravoTask}`, staff, edit)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/tasks/${ids.bravoTask}`, staff)).statusCode).toBe(404);
    expect((await send('POST', `/api/checks/${ids.bravoCheck}/pause`, staff)).statusCode).toBe(404);
    const check = await send('POST', '/api/checks', staff, {
      url: 'https://example.com',
      websiteId: ids.bravoSite,
      intervalSeconds: 60,
    });
    expect(check.statusCode).toBe(400);
    expect(check.json().fieldErrors).toEqual({ websiteId: ['That website does not exist'] });
    const tag = (await send('POST', '/api/tags', owner, { name: 'vip', color: '#3b82f6' })).json().id;
    expect(
      (await send('POST', `/api/websites/${ids.bravoSite}/tags`, staff, { tagId: tag })).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', `/api/websites/${ids.alphaSite}/tags`, staff, { tagId: tag })).statusCode,
    ).toBe(201);
    const moved = await send('PUT', `/api/websites/${ids.bravoSite}/client`, staff, { clientId: ids.alpha });
    expect(moved.statusCode).toBe(404);
    const window = await send('POST', '/api/maintenance', staff, {
      clientId: ids.bravo,
      durationMinutes: 30,
    });
    expect(window.statusCode).toBe(400);
    const server = await send('POST', '/api/maintenance', staff, {
      serverId: ids.bravoServer,
      durationMinutes: 30,
    });
    expect(server.statusCode).toBe(403);
    const mine = await send('POST', '/api/maintenance', staff, { clientId: ids.alpha, durationMinutes: 30 });
    expect(mine.statusCode).toBe(201);
    const shared = await send('DELETE', `/api/maintenance/${ids.sharedWindow}`, staff);
    expect(shared.statusCode).toBe(403);
    expect(shared.json().message).toMatch(/also covers websites of clients you do not manage/);
    // Nothing of Bravo's changed.
    expect((await get(`/api/clients/${ids.bravo}`, owner)).json().name).toBe('Bravo Bakery');
    expect((await get(`/api/checks/${ids.bravoCheck}`, owner)).json().data.status).toBe('down');
  });

  it('is told only of their clients in the bell', async () => {
    const { notifyTeam } = await import('../notifications/service');
    await notifyTeam(
      t.services,
      {
        type: 'warning',
        title: 'Bravo site is down',
        message: 'HTTP 503',
        link: null,
        websiteIds: [ids.bravoSite],
      },
      t.clock.now(),
    );
    await notifyTeam(
      t.services,
      {
        type: 'warning',
        title: 'Alpha site is down',
        message: 'HTTP 503',
        link: null,
        websiteIds: [ids.alphaSite],
      },
      t.clock.now(),
    );
    const bell = (await get('/api/notifications', staff)).body;
    expect(bell).toMatch(/Alpha site is down/);
    expect(bell).not.toMatch(hidden);
    expect((await get('/api/notifications', owner)).body).toMatch(/Bravo site is down/);
  });
});
