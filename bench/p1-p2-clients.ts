// P1 (PostgreSQL) and P2 (PGlite): the app keeps at least 70% of a bare route's req/s, with a p99 at
// most 1.2× its p99. GET /api/clients, signed in, 10 connections, beside a bare
// Fastify route returning the same rows from the same database, one after the other in one run.
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { type DbTarget, freePort, type Spawned, spawnNode, startApp, waitForHealth } from './processes';
import { benchUser } from './seed';

export type Load = {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
};
export type Durations = { warmupS: number; measureS: number };

export async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const r = await autocannon({ url, headers, connections: 10, duration: seconds });
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Warm-up (JIT, caches, connection pool), then the measured run. */
async function warmAndMeasure(url: string, headers: Record<string, string>, d: Durations): Promise<Load> {
  await load(url, headers, d.warmupS);
  return load(url, headers, d.measureS);
}

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: benchUser.username, password: benchUser.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} → ${res.status}`);
  return res.json();
}

export type ClientsResult = { bare: Load; app: Load; rows: number; sameRows: boolean; ratio: number };

/** The bare route, in its own process (PGlite: one process per data folder, so never beside the app). */
async function measureBare(target: DbTarget, d: Durations): Promise<{ rows: unknown; load: Load }> {
  const env = { BENCH_DB_KIND: target.kind, BENCH_DB_URL: target.url, BENCH_DATA_DIR: target.dataDir };
  const bare = spawnNode(['--import', 'tsx', 'bench/bare-server.ts'], env, await freePort());
  try {
    await waitForHealth(bare, performance.now());
    const rows = await getJson(`${bare.url}/bare/clients`);
    return { rows, load: await warmAndMeasure(`${bare.url}/bare/clients`, {}, d) };
  } finally {
    await bare.stop();
  }
}

/** Two runs of one route as one: requests-weighted throughput, the worse p99. */
function merge(a: Load, b: Load): Load {
  const requests = a.requests + b.requests;
  return {
    reqPerSec: (a.reqPerSec * a.requests + b.reqPerSec * b.requests) / requests,
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    requests,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
  };
}

/**
 * Bare – app – bare (half the time for each bare run), so load from elsewhere on the machine weighs on
 * both sides alike; then starts the app again and returns it running for the dashboard measurements.
 */
export async function measureClients(
  dist: string,
  target: DbTarget,
  secretKey: string,
  d: Durations,
): Promise<{ result: ClientsResult; app: Spawned; cookie: string }> {
  const half = { ...d, measureS: Math.max(1, Math.round(d.measureS / 2)) };
  const bare1 = await measureBare(target, half);
  let app = await startApp(dist, target, secretKey);
  let appRows: unknown;
  let appLoad: Load;
  try {
    const cookie = await signIn(app.url);
    appRows = await getJson(`${app.url}/api/clients`, { cookie });
    appLoad = await warmAndMeasure(`${app.url}/api/clients`, { cookie }, d);
  } finally {
    await app.stop();
  }
  const bare2 = await measureBare(target, half);
  const bare = merge(bare1.load, bare2.load);
  app = await startApp(dist, target, secretKey);
  const cookie = await signIn(app.url);
  return {
    app,
    cookie,
    result: {
      bare,
      app: appLoad,
      rows: Array.isArray(appRows) ? appRows.length : 0,
      sameRows: isDeepStrictEqual(appRows, bare1.rows),
      ratio: appLoad.reqPerSec / bare.reqPerSec,
    },
  };
}
