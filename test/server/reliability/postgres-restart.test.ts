import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGridPane, startFakeGridPane } from '../../fakes/gridpane';
import {
  call,
  createFirstAccount,
  type ServerProcess,
  startServer,
  waitUntil,
} from '../../support/server-process';
import { type Outcome, startLoad } from './load';
import {
  createThrowawayPostgres,
  PG_BIN,
  postgresAvailable,
  type ThrowawayPostgres,
} from './throwaway-postgres';

// PostgreSQL restarted under load. No crash; 503 fast while it is down; recovery within 5 s after it
// is back. Runs once per `npm test`: in the server-postgres project, or in the pglite
// project when there is no PostgreSQL project. It needs its own cluster (it stops it), not the shared one.
const project = process.env.TEST_DB_KIND;
const runsHere = postgresAvailable && (project === 'postgres' || !process.env.TEST_DATABASE_URL);
const title = runsHere
  ? 'PostgreSQL restarted under load'
  : `PostgreSQL restart (skipped here: ${postgresAvailable ? 'runs in the server-postgres project' : `no PostgreSQL 15 at ${PG_BIN}`})`;

const FAST_MS = 2_000;
const RECOVERY_MS = 5_000;
const DOWN_MESSAGE = 'The database is not reachable right now. Please try again in a moment.';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(runsHere)(title, () => {
  let cluster: ThrowawayPostgres | undefined;
  let server: ServerProcess | undefined;
  let gridpane: FakeGridPane | undefined;
  let cookie = '';

  beforeAll(async () => {
    cluster = await createThrowawayPostgres();
    server = await startServer({ databaseUrl: cluster.url });
    cookie = await createFirstAccount(server);
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await gridpane?.close();
    await cluster?.destroy();
  });

  it('stays up, answers 503 within 2 s while the database is down, and recovers within 5 s', {
    timeout: 120_000,
  }, async () => {
    const s = server!;
    // A GridPane sync (a job, heartbeating on the job engine's own pool) waits on a slow provider while
    // the database restarts under it: connections die while in use, the case that crashes careless pool users.
    gridpane = await startFakeGridPane({ slowMs: 8_000 });
    gridpane.setFailure('slow', { after: 1 });
    const saved = await call(s, cookie, 'POST', '/api/integrations/gridpane', {
      baseUrl: gridpane.url,
      accessToken: gridpane.token,
    });
    expect(saved.status).toBe(200);
    await waitUntil('the sync to wait on GridPane', () => gridpane!.requests.length >= 2);

    const load = startLoad(s, cookie);
    await sleep(1_000);
    await cluster!.stop();
    const downAt = Date.now();
    await sleep(500);
    expect(s.alive(), `the server died:\n${s.output()}`).toBe(true);
    // With the session cookie a browser sends: the health answer must not hinge on the session lookup.
    const health = await call(s, cookie, 'GET', '/api/health');
    expect(health.status, s.output()).toBe(503);
    expect(health.body).toMatchObject({ status: 'error', database: 'postgres' });
    // A load balancer's readiness probe takes this instance out while its database is away, so the
    // other instances take its share.
    const ready = await call(s, cookie, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      ready: false,
      database: 'postgres',
      message: 'The database is not reachable.',
    });
    await sleep(1_500);
    const startingAt = Date.now();
    await cluster!.start();
    const upAt = Date.now();
    const recovered = (o: Outcome) => o.start >= upAt && o.status !== undefined && o.status < 300;
    await waitUntil('a successful request after the restart', () => load.outcomes.some(recovered));
    await sleep(1_000);
    const outcomes = await load.stop();

    expect(s.alive(), `the server died:\n${s.output()}`).toBe(true);
    // Every request got an HTTP answer, quickly: no reset, no hang, no 500.
    expect(outcomes.filter((o) => o.error)).toEqual([]);
    expect(outcomes.filter((o) => ![200, 201, 503].includes(o.status!))).toEqual([]);
    expect(outcomes.filter((o) => o.end - o.start > FAST_MS)).toEqual([]);
    // While it was down: a clear 503 a person (and a retrying client) can act on.
    const duringOutage = outcomes.filter((o) => o.start >= downAt && o.end <= startingAt);
    expect(duringOutage.length).toBeGreaterThan(10);
    for (const o of duringOutage)
      expect(o).toMatchObject({
        status: 503,
        code: 'database_unavailable',
        message: DOWN_MESSAGE,
        retryAfter: '5',
      });
    // Back within 5 s, and for good: nothing fails once the first request succeeded.
    const first = outcomes.filter(recovered).sort((a, b) => a.end - b.end)[0]!;
    expect(first.end - upAt).toBeLessThanOrEqual(RECOVERY_MS);
    expect(outcomes.filter((o) => o.start >= first.end && o.status! >= 300)).toEqual([]);

    const after = await call(s, cookie, 'GET', '/api/clients');
    expect(after.status).toBe(200);
    const names = new Set((after.body as unknown as { name: string }[]).map((c) => c.name));
    const acknowledged = outcomes.filter((o) => o.op === 'create' && o.status === 201);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.filter((o) => !names.has(o.name!))).toEqual([]);
    expect((await call(s, cookie, 'GET', '/api/health')).body).toEqual({
      status: 'ok',
      database: 'postgres',
    });
    expect((await call(s, cookie, 'GET', '/api/health/ready')).status).toBe(200);
    expect(s.alive()).toBe(true);
  });
});
