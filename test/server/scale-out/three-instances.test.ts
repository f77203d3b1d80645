import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, type FakeGridPane, startFakeGridPane } from '../../fakes/gridpane';
import { databaseUrl } from '../../support/global-setup';
import {
  call,
  createFirstAccount,
  repoRoot,
  type ServerProcess,
  startServer,
  waitUntil,
} from '../../support/server-process';
import { adminQuery } from './postgres';

// Three real Agency Hub processes on one PostgreSQL database behave as one. They start
// together on an empty database, share sessions, writes and sign-in limits, run each scheduled sync
// once per interval in total, and resume the sync of an instance killed with kill -9.
const base = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(base);
// Not named like the suite's test databases, so no other run's clean-up can drop it mid-test.
const dbName = `ah_r8_${randomBytes(6).toString('hex')}`;
const journal = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'src/server/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

let gridpane: FakeGridPane;
let instances: ServerProcess[] = [];
let cookie: string;
let sql: pg.Client;

/** The measured figures, for the closing notes and the README (.test-artifacts/scale-out.json). */
function record(figures: Record<string, unknown>) {
  const file = path.join(repoRoot, '.test-artifacts/scale-out.json');
  const before = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  fs.writeFileSync(file, JSON.stringify({ ...before, ...figures, at: new Date().toISOString() }, null, 2));
}

/** Each GridPane sync lists the servers from page 1 first: one such request is one sync. */
const syncStarts = () =>
  gridpane.requests
    .filter((r) => r.path === `${API_PREFIX}/server` && (r.query.page ?? '1') === '1')
    .map((r) => r.at);

describe.runIf(onPostgres)('three instances on one PostgreSQL', { timeout: 15 * 60_000 }, () => {
  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${dbName}`);
    gridpane = await startFakeGridPane({
      sites: 12,
      servers: 3,
      seed: 8,
      endpointLimit: 1000,
      totalLimit: 1000,
      slowMs: 120_000,
    });
    const url = databaseUrl(base!, dbName);
    // All three at once on the empty database: each migrates, or waits for the one that does.
    instances = await Promise.all(
      [0, 1, 2].map(() =>
        startServer({
          databaseUrl: url,
          logLevel: 'debug',
          env: { REFRESH_INTERVAL_MINUTES: '1', TRUST_PROXY: 'true' },
        }),
      ),
    );
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
  }, 180_000);

  afterAll(async () => {
    for (const i of instances) if (i.alive()) i.child.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.exited));
    await sql?.end();
    await gridpane?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('starts all three on an empty database, migrated once, every one ready', async () => {
    for (const i of instances) {
      expect(i.alive()).toBe(true);
      const ready = await fetch(`${i.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ ready: true, database: 'postgres' });
    }
    const { rows } = await sql.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(journal.entries.length);
  });

  it('reads on every instance what any instance acknowledged', async () => {
    cookie = await createFirstAccount(instances[0]!);
    // The session lives in the database: valid on the other two at once.
    for (const i of instances) expect((await call(i, cookie, 'GET', '/api/auth/me')).status).toBe(200);
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call(instances[n % 3]!, cookie, 'POST', '/api/clients', { name: `Client ${n}`, status: 'active' }),
      ),
    );
    expect(created.map((c) => c.status)).toEqual(Array(30).fill(201));
    const ids = created.map((c) => c.body.id).sort();
    for (const i of instances) {
      const list = await call(i, cookie, 'GET', '/api/clients');
      expect((list.body as unknown as { id: number }[]).map((c) => c.id).sort()).toEqual(ids);
    }
  });

  it('counts wrong passwords across instances: the sixth for one account is refused wherever it lands', async () => {
    const attempt = (n: number, username: string, ip: string) =>
      fetch(`${instances[n % 3]!.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ username, password: 'not the password' }),
      }).then((r) => r.status);
    // 30 guesses at one account from 30 addresses, spread over the three instances.
    const perAccount: number[] = [];
    for (let n = 0; n < 30; n++) perAccount.push(await attempt(n, 'reliability', `203.0.113.${n + 1}`));
    expect(perAccount).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    // 21 guesses from one address at 21 accounts: the address is refused on the 21st.
    const perIp: number[] = [];
    for (let n = 0; n < 21; n++) perIp.push(await attempt(n, `someone${n}`, '198.51.100.7'));
    expect(perIp).toEqual([...Array(20).fill(401), 429]);
  });

  it('runs the every-minute sync once per minute in total, however many instances run', async () => {
    const saved = await call(instances[1]!, cookie, 'POST', '/api/integrations/gridpane', {
      baseUrl: gridpane.url,
      accessToken: gridpane.token,
    });
    expect(saved.status).toBe(200);
    // The save starts one sync; then the schedule: wait for four more, about a minute apart.
    await waitUntil('five syncs', () => syncStarts().length >= 5, 6 * 60_000);
    const starts = syncStarts();
    const scheduled = starts.slice(1);
    // One sync per minute: each in a minute of its own, the minutes one after the other, about a minute
    // apart (the schedule fires within seconds of each minute, on whichever instance claims it).
    const minutes = scheduled.map((at) => Math.floor(at / 60_000));
    expect(minutes.slice(1).map((m, n) => m - minutes[n]!)).toEqual([1, 1, 1]);
    for (const [n, at] of scheduled.slice(1).entries()) {
      const gap = (at - scheduled[n]!) / 1000;
      expect(gap).toBeGreaterThan(40);
      expect(gap).toBeLessThan(80);
    }
    // The save's own sync counts as the attempt for its minute: the schedule does not repeat it at once.
    expect((scheduled[0]! - starts[0]!) / 1000).toBeGreaterThan(25);
    record({
      syncGapsSeconds: scheduled.slice(1).map((at, n) => Math.round((at - scheduled[n]!) / 100) / 10),
    });
  });

  it('resumes on another instance, within 90 s, the sync of an instance killed with kill -9', async () => {
    // The next GridPane request hangs (until the client's own 15 s limit): the sync making it is stuck.
    gridpane.setFailure('slow', { times: 1 });
    const before = syncStarts().length;
    // A page's refresh queues the sync (it answers with the last data while the sync carries on).
    void call(instances[2]!, cookie, 'GET', '/api/servers?refresh=true', undefined, 30_000).catch(() => {});
    let jobId = '';
    await waitUntil(
      'a sync job running',
      async () => {
        const { rows } = await sql.query(
          "select id from pgboss.job where name = 'sync-gridpane' and state = 'active' limit 1",
        );
        jobId = rows[0]?.id ?? '';
        return jobId !== '' && syncStarts().length > before;
      },
      120_000,
    );
    const runner = instances.find((i) => i.output().includes(jobId));
    expect(runner, 'the instance that logged the job').toBeDefined();
    runner!.child.kill('SIGKILL');
    await runner!.exited;
    const killedAt = Date.now();
    const startsBefore = syncStarts().length;

    await waitUntil('the sync resumed on another instance', () => syncStarts().length > startsBefore, 90_000);
    const resumedAfterMs = Date.now() - killedAt;
    expect(resumedAfterMs).toBeLessThan(90_000);
    record({ resumedAfterSeconds: Math.round(resumedAfterMs / 100) / 10 });
    // The killed instance's own job is the one that ran again, and it finished.
    await waitUntil(
      'the retried job to complete',
      async () => {
        const { rows } = await sql.query('select state, retry_count from pgboss.job where id = $1', [jobId]);
        return rows[0]?.state === 'completed';
      },
      90_000,
    );
    const { rows } = await sql.query('select retry_count from pgboss.job where id = $1', [jobId]);
    expect(rows[0].retry_count).toBeGreaterThanOrEqual(1);
    const survivors = instances.filter((i) => i !== runner);
    for (const i of survivors) expect((await call(i, cookie, 'GET', '/api/servers')).status).toBe(200);
  });
});
