// P7: the lists at fleet scale (first rows within 1 s at 20,000 sites and at most 1.3× the time at
// 2,000; JS heap ≤ 60 MB; ≤ 300 KB of API JSON per page view; each paged call p95 ≤ 100 ms). One fleet
// (sites / servers / monitors from the fakes, plus clients and tasks) is synced with provider pacing
// off and timed; then the built app serves it and each list page is loaded in headless Chromium (time
// to first rows, JS heap, API bytes per page view) and each paged list call is timed at 10 concurrent
// requests.
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { testConfig } from '../src/server/config';
import { systemClock } from '../src/server/core/clock';
import { openDatabase } from '../src/server/db/client';
import { saveIntegration } from '../src/server/integrations/service';
import { createServices } from '../src/server/services';
import { runMonitorSync } from '../src/server/sync/betteruptime';
import { runGridPaneSync } from '../src/server/sync/gridpane';
import { createUser } from '../src/server/users/service';
import { startFakeBetterUptime } from '../test/fakes/betteruptime';
import { startFakeGridPane } from '../test/fakes/gridpane';
import { signIn } from './p1-p2-clients';
import { percentile } from './p3-dashboard';
import { measureWritesDuringSync, type WriteWaits } from './p7-writes';
import { type DbTarget, startApp } from './processes';
import { benchUser } from './seed';

export type FleetScale = { sites: number; servers: number; monitors: number; clients: number; tasks: number };
export type FleetOptions = { loads: number; callSeconds: number; measureWrites?: boolean };

export type SyncTimes = {
  gridpaneS: number;
  monitorsS: number;
  totalS: number;
  /** A person's writes while a re-sync rewrites the whole fleet (the big fleet only). */
  writes?: WriteWaits;
};
export type PageResult = {
  path: string;
  /** Navigation start to the first row visible, one value per load. */
  firstRowsMs: number[];
  heapMB: number;
  apiKB: number;
  apiCalls: string[];
};
export type CallResult = { call: string; p50: number; p95: number; requests: number; statuses: number[] };
export type FleetResult = {
  kind: 'postgres' | 'pglite';
  scale: FleetScale;
  sync: SyncTimes;
  pages: PageResult[];
  /** After visiting every list page in one tab (client-side navigation), after a GC. */
  heapAfterAllMB: number;
  calls: CallResult[];
};

/** The list pages and what their first row looks like. */
export const LIST_PAGES: { path: string; nav: string; row: string }[] = [
  { path: '/websites', nav: 'Websites', row: 'table tbody tr' },
  { path: '/servers', nav: 'Servers', row: 'a[aria-label^="View details of"]' },
  { path: '/uptime', nav: 'Uptime', row: 'table tbody tr' },
  { path: '/clients', nav: 'Clients', row: 'section[aria-label="Clients"] [aria-labelledby^="client-"]' },
  { path: '/tasks', nav: 'Tasks', row: '[role="article"]' },
];

/** Syncs the fleet into the database the way the app does, with provider pacing off, and times it. */
export async function seedFleet(
  target: DbTarget,
  scale: FleetScale,
  secretKey: string,
  opts: { measureWrites?: boolean } = {},
): Promise<SyncTimes> {
  const gridpane = await startFakeGridPane({
    servers: scale.servers,
    sites: scale.sites,
    seed: 17,
    endpointLimit: 1_000_000,
    totalLimit: 1_000_000,
  });
  // The fake adds two monitors of its own to one per site.
  const domains = gridpane.fleet.sites.map((s) => String(s.url)).slice(0, scale.monitors - 2);
  const uptime = await startFakeBetterUptime({ sites: domains, seed: 17 });
  // Every monitor up: a monitor found down opens an incident, whose announcement is a job, and the
  // seeding runs without the job engine (the app started after it runs the jobs).
  for (const m of uptime.monitors) uptime.setStatus(m.id, 'up');
  const database = await openDatabase(
    target.kind === 'postgres'
      ? { kind: 'postgres', url: target.url }
      : { kind: 'pglite', dataDir: target.dataDir },
  );
  try {
    const config = testConfig({
      dataDir: target.dataDir,
      databaseUrl: target.kind === 'postgres' ? target.url : undefined,
      secretKey,
      refreshIntervalMinutes: 0,
      allowPrivateTargets: true, // the fakes listen on this machine
    });
    const services = createServices(config, database, {
      gridpane: { minSpacingMs: 0 },
      betteruptime: { maxRequestsPerSecond: Number.POSITIVE_INFINITY, sleep: () => Promise.resolve() },
    });
    await createUser({ db: database.db, clock: systemClock }, benchUser);
    await saveIntegration(services, 'gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
    await saveIntegration(services, 'betteruptime', { apiToken: uptime.token, baseUrl: uptime.url });
    const t0 = performance.now();
    await runGridPaneSync(services);
    const t1 = performance.now();
    await runMonitorSync(services);
    const t2 = performance.now();
    // Tags on one website in ten, clients and tasks: rows for the joins and the other lists.
    const db = database.db;
    await db.execute(sql`insert into tags (name, color)
      select 'Tag ' || i, '#3b82f6' from generate_series(1, 5) as i`);
    await db.execute(sql`insert into website_tags (website_id, tag_id)
      select w.id, (select min(id) from tags) + (w.id % 5) from websites w where w.id % 10 = 0`);
    await db.execute(sql`insert into clients (name, company, email, status)
      select 'Client ' || lpad(i::text, 5, '0'), 'Company ' || i, 'client' || i || '@example.com',
        case when i % 11 = 7 then 'inactive' else 'active' end
      from generate_series(1, ${scale.clients}) as i`);
    await db.execute(sql`insert into tasks (title, status, priority, client_id, tags)
      select 'Task ' || i, (array['todo','in-progress','review','completed'])[1 + i % 4],
        (array['low','medium','high','urgent'])[1 + i % 4], (select min(id) from clients) + (i % ${scale.clients}),
        '{}'::text[]
      from generate_series(1, ${scale.tasks}) as i`);
    // The rows above went in behind the app's back: settle them now, so PostgreSQL's autovacuum does
    // not run through the first page loads and PGlite's planner knows the tables.
    await db.execute(sql`vacuum (analyze)`);
    const writes = opts.measureWrites ? await measureWritesDuringSync(services, gridpane) : undefined;
    return { gridpaneS: (t1 - t0) / 1000, monitorsS: (t2 - t1) / 1000, totalS: (t2 - t0) / 1000, writes };
  } finally {
    await database.close();
    await Promise.all([gridpane.close(), uptime.close()]);
  }
}

/** The paged list calls the pages make (pageSize=50), plus global search and the dashboard. */
export async function listCalls(base: string, cookie: string): Promise<string[]> {
  const options = (await (await fetch(`${base}/api/sites/options`, { headers: { cookie } })).json()) as {
    servers: { id: string }[];
    tags: { id: string }[];
  };
  return [
    '/api/sites?page=1&pageSize=50',
    '/api/sites?page=100&pageSize=50',
    '/api/sites?pageSize=50&q=dental',
    `/api/sites?pageSize=50&serverId=${options.servers[0]?.id ?? 1}`,
    `/api/sites?pageSize=50&tagId=${options.tags[0]?.id ?? 1}`,
    '/api/sites?pageSize=50&monitor=down',
    '/api/sites/options',
    '/api/websites?pageSize=50',
    '/api/servers?pageSize=50',
    '/api/monitors?pageSize=50',
    '/api/uptime?pageSize=50',
    '/api/clients?pageSize=50',
    '/api/tasks?pageSize=50',
    '/api/search?q=shop',
    '/api/dashboard',
  ];
}

/** `concurrency` workers calling one URL back to back for `seconds`; p50/p95 of every answer. */
async function hammer(url: string, cookie: string, seconds: number, concurrency = 10) {
  const times: number[] = [];
  const statuses = new Set<number>();
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    statuses.add(res.status);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await once(); // warm-up
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) times.push(await once());
    }),
  );
  return { p50: percentile(times, 50), p95: percentile(times, 95), requests: times.length, statuses };
}

async function measurePages(base: string, loads: number) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--js-flags=--expose-gc',
      '--enable-precise-memory-info',
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    const login = await context.request.post('/api/auth/login', {
      data: { username: benchUser.username, password: benchUser.password },
    });
    if (login.status() !== 200) throw new Error(`browser sign-in failed: ${login.status()}`);
    const page = await context.newPage();
    const heap = () =>
      page.evaluate(() => {
        (globalThis as { gc?: () => void }).gc?.();
        return (
          (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize / 2 ** 20
        );
      });
    const pages: PageResult[] = [];
    for (const p of LIST_PAGES) {
      await page.goto(p.path, { waitUntil: 'networkidle' }); // warm-up: assets cached, server paths hot
      const firstRowsMs: number[] = [];
      let apiBytes = 0;
      let apiCalls: string[] = [];
      for (let i = 0; i < loads; i++) {
        const bodies: Promise<number>[] = [];
        const calls: string[] = [];
        const onResponse = (r: import('@playwright/test').Response) => {
          const url = new URL(r.url());
          if (!url.pathname.startsWith('/api/')) return;
          calls.push(url.pathname + url.search);
          bodies.push(
            r.body().then(
              (b) => b.length,
              () => 0,
            ),
          );
        };
        page.on('response', onResponse);
        const started = performance.now();
        await page.goto(p.path, { waitUntil: 'commit' });
        await page.locator(p.row).first().waitFor({ state: 'visible', timeout: 30_000 });
        firstRowsMs.push(performance.now() - started);
        await page.waitForLoadState('networkidle');
        page.off('response', onResponse);
        apiBytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
        apiCalls = calls;
      }
      pages.push({ path: p.path, firstRowsMs, heapMB: await heap(), apiKB: apiBytes / 1024, apiCalls });
    }
    // Every list in one tab, as a person clicks through them.
    await page.goto('/', { waitUntil: 'networkidle' });
    for (const p of LIST_PAGES) {
      await page.getByRole('navigation').getByRole('link', { name: p.nav, exact: true }).click();
      await page.locator(p.row).first().waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
    }
    return { pages, heapAfterAllMB: await heap() };
  } finally {
    await browser.close();
  }
}

export async function measureFleet(
  dist: string,
  kind: 'postgres' | 'pglite',
  target: DbTarget,
  secretKey: string,
  scale: FleetScale,
  opts: FleetOptions,
  log: (msg: string) => void,
): Promise<FleetResult> {
  log(`${kind}: P7 syncing ${scale.sites} sites / ${scale.servers} servers / ${scale.monitors} monitors`);
  const sync = await seedFleet(target, scale, secretKey, { measureWrites: opts.measureWrites });
  if (sync.writes)
    log(
      `${kind}: P7 writes during a re-sync of ${sync.writes.syncS.toFixed(1)} s: max ${sync.writes.duringSync.max.toFixed(0)} ms (idle max ${sync.writes.idle.max.toFixed(0)} ms)`,
    );
  log(`${kind}: P7 synced in ${sync.totalS.toFixed(1)} s; list pages in Chromium (${opts.loads} loads each)`);
  const app = await startApp(dist, target, secretKey);
  try {
    const cookie = await signIn(app.url);
    const { pages, heapAfterAllMB } = await measurePages(app.url, opts.loads);
    const calls: CallResult[] = [];
    for (const call of await listCalls(app.url, cookie)) {
      const r = await hammer(`${app.url}${call}`, cookie, opts.callSeconds);
      calls.push({ call, p50: r.p50, p95: r.p95, requests: r.requests, statuses: [...r.statuses] });
    }
    log(`${kind}: P7 at ${scale.sites} sites measured`);
    return { kind, scale, sync, pages, heapAfterAllMB, calls };
  } finally {
    await app.stop();
  }
}
