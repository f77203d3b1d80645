// P9: clients at the centre at fleet scale (fleet view and coverage p95 ≤ 300 ms at 10 concurrent, a
// client page with 50 websites ≤ 1 s). 20,000 websites with their facts, 2,000 servers and a
// Better Uptime monitor for most sites, 1,000 clients; one client with 50 websites (half watched by
// our checks, with results). Measures the fleet view's and coverage's API at 10 concurrent requests,
// and the client page in Chromium until its 50 rows are drawn.
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { systemClock } from '../src/server/core/clock';
import { createUser } from '../src/server/users/service';
import { openTarget } from './databases';
import { signIn } from './p1-p2-clients';
import { percentile } from './p3-dashboard';
import { type DbTarget, type Spawned, startApp } from './processes';
import { benchUser } from './seed';

export type ClientsCentreResult = {
  kind: DbTarget['kind'];
  sites: number;
  clientSites: number;
  seedSeconds: number;
  api: { call: string; p50: number; p95: number; statuses: number[]; bytes: number }[];
  /** Navigation to the client page until its websites' rows are visible, ms. */
  clientPageMs: number[];
};

export type ClientsCentreScale = { sites: number; servers: number; clients: number; clientSites: number };

const PHP = ['7.4.33', '8.0.30', '8.1.27', '8.2.18', '8.3.6', null];
const WORDPRESS = ['6.2.5', '6.4.3', '6.5.5', '6.7.1', '6.8.3', null];

/** Straight into the database: the API would take minutes for 20,000 websites. */
async function seedFleet(target: DbTarget, s: ClientsCentreScale): Promise<number> {
  const started = performance.now();
  const database = await openTarget(target);
  try {
    const { db } = database;
    await createUser({ db, clock: systemClock }, benchUser);
    const now = new Date();
    await db.execute(
      sql`insert into clients (name) select 'Client ' || g from generate_series(1, ${s.clients}) g`,
    );
    await db.execute(sql`
      insert into provider_records (provider, kind, external_id, data, synced_at)
      select 'gridpane', 'servers', g::text, jsonb_build_object('id', g, 'label', 'web-' || g), ${now}
      from generate_series(1, ${s.servers}) g`);
    // Client 1 has the first clientSites websites; the rest are spread over the others, 1 in 4 has none.
    await db.execute(sql`
      insert into websites (name, domain, integration_provider, provider_site_id, server_id, status, environment, client_id)
      select 'site-' || g || '.example', 'site-' || g || '.example', 'gridpane', g::text, (1 + g % ${s.servers})::text,
        'active', 'production',
        case when g <= ${s.clientSites} then 1 when g % 4 = 0 then null else 2 + g % ${s.clients - 1} end
      from generate_series(1, ${s.sites}) g`);
    await db.execute(sql`
      insert into website_facts (website_id, host_php, php, wordpress_version, snapshot_ok, snapshot_error, attempted_at)
      select w.id, '8.1', (${sql.raw(`array[${PHP.map((v) => (v ? `'${v}'` : 'null')).join(',')}]`)})[1 + w.id % ${PHP.length}],
        (${sql.raw(`array[${WORDPRESS.map((v) => (v ? `'${v}'` : 'null')).join(',')}]`)})[1 + w.id % ${WORDPRESS.length}],
        w.id % 50 <> 0, case when w.id % 50 = 0 then 'HD Snapshot did not answer within 10 s' end, ${now}
      from websites w`);
    // Nine sites in ten have a Better Uptime monitor (with figures); a few monitors match no site.
    await db.execute(sql`
      insert into provider_records (provider, kind, external_id, domain, status, data, synced_at)
      select 'betteruptime', 'monitors', g::text,
        case when g <= ${s.sites} then 'site-' || g || '.example' else 'gone-' || g || '.example' end,
        case when g % 97 = 0 then 'down' else 'up' end, jsonb_build_object('id', g::text, 'attributes',
        jsonb_build_object('url', 'https://' || case when g <= ${s.sites} then 'site-' || g || '.example' else 'gone-' || g || '.example' end,
          'pronounceable_name', 'Monitor ' || g, 'status', case when g % 97 = 0 then 'down' else 'up' end)), ${now}
      from generate_series(1, ${s.sites + 20}) g where g % 10 <> 0 or g > ${s.sites}`);
    await db.execute(sql`
      insert into provider_records (provider, kind, external_id, data, synced_at)
      select 'betteruptime', 'figures', external_id, jsonb_build_object('uptime', 99.9, 'avgResponseMs', 300, 'at', ${now.toISOString()}::text), ${now}
      from provider_records where provider = 'betteruptime' and kind = 'monitors'`);
    // Half of the client's websites are watched by our checks, with a day of results each.
    await db.execute(sql`
      insert into checks (name, url, interval_seconds, timeout_seconds, expected_status, confirmations, website_id, status)
      select 'Check ' || w.domain, 'https://' || w.domain, 60, 10, '200-399', 2, w.id, 'up'
      from websites w where w.client_id = 1 and w.id % 2 = 0`);
    await db.execute(sql`
      insert into check_results (check_id, due_at, lag_ms, ok, response_ms, status_code)
      select c.id, ${now}::timestamptz - make_interval(mins => m), 5, m % 100 <> 0, 200 + m % 50, 200
      from checks c, generate_series(1, 1440) m`);
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

/** `total` requests of one call, `concurrency` at a time. */
export async function timed(base: string, cookie: string, call: string, concurrency: number, total: number) {
  const times: number[] = [];
  const statuses = new Set<number>();
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const started = performance.now();
      const res = await fetch(`${base}${call}`, { headers: { cookie } });
      bytes = (await res.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
      statuses.add(res.status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker)); // warm-up
  times.length = 0;
  next = 0;
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { call, p50: percentile(times, 50), p95: percentile(times, 95), statuses: [...statuses], bytes };
}

async function clientPage(app: Spawned, loads: number, rows: number): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ baseURL: app.url });
    await context.request.post('/api/auth/login', {
      data: { username: benchUser.username, password: benchUser.password },
    });
    const page = await context.newPage();
    const ready = () =>
      page
        .locator('table tbody tr')
        .nth(rows - 1)
        .waitFor({ timeout: 30_000 });
    await page.goto('/clients/1');
    await ready(); // warm-up: assets cached
    const out: number[] = [];
    for (let i = 0; i < loads; i++) {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      const started = performance.now();
      await page.goto('/clients/1');
      await ready();
      out.push(performance.now() - started);
    }
    return out;
  } finally {
    await browser.close();
  }
}

export async function measureClientsCentre(
  dist: string,
  target: DbTarget,
  secretKey: string,
  scale: ClientsCentreScale,
  opts: { requests: number; loads: number },
  log: (msg: string) => void,
): Promise<ClientsCentreResult> {
  const seedSeconds = await seedFleet(target, scale);
  log(
    `${target.kind}: seeded ${scale.sites} websites with facts and monitors in ${seedSeconds.toFixed(1)} s`,
  );
  const app = await startApp(dist, target, secretKey);
  try {
    const cookie = await signIn(app.url);
    const calls = [
      '/api/fleet',
      '/api/fleet?clientId=2',
      '/api/fleet/sites?php=7.4',
      '/api/coverage',
      '/api/clients/1/websites',
    ];
    const api = [];
    for (const call of calls) api.push(await timed(app.url, cookie, call, 10, opts.requests));
    log(`${target.kind}: client page in Chromium (${opts.loads} loads)`);
    const clientPageMs = await clientPage(app, opts.loads, scale.clientSites);
    return {
      kind: target.kind,
      sites: scale.sites,
      clientSites: scale.clientSites,
      seedSeconds,
      api,
      clientPageMs,
    };
  } finally {
    await app.stop();
  }
}
