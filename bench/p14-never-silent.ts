// P14: never silent. The heaviest background work at once on a large fleet (20,000 websites with 100
// plugins each against a 40,000-record feed): a forced Wordfence import with its match, alerts and
// findings history, a full GridPane and Kinsta sync, the minute's health refresh and 10,000 checks a
// minute. For the window it runs, /api/health is asked every 200 ms and the P7 list calls at 10
// concurrent (distinct pages): health p99 ≤ 200 ms and max ≤ 1 s, every list call's p95 ≤ 150 ms, no
// request unanswered, and the work finishes. The built app runs it, its slow-statement log on: every
// statement of over 500 ms is listed with its name (on the embedded database, judged by the processor
// time its thread spent, which the bench's own load on the machine does not inflate).
import fs from 'node:fs';
import { startFakeGridPane } from '../test/fakes/gridpane';
import { startFakeKinsta } from '../test/fakes/kinsta';
import { startFakeWordfence } from '../test/fakes/wordfence';
import { openTarget } from './databases';
import { signIn } from './p1-p2-clients';
import { percentile } from './p3-dashboard';
import { listCalls, seedFleet as syncFleet } from './p7-fleet';
import { seedChecks, startTargets } from './p8-checks';
import { seedSoftware } from './p10-security';
import { appEnv, type DbTarget, freePort, spawnNode, waitForHealth } from './processes';

export type NeverSilentScale = {
  sites: number;
  servers: number;
  clients: number;
  plugins: number;
  records: number;
  checks: number;
  kinstaSites: number;
  /** How long the load is measured while the work runs. */
  seconds: number;
  /** How long the work may take to finish after that before the run says it did not. */
  finishLimitSeconds: number;
};

/** Where the embedded database ran: its own thread, or the thread serving HTTP (the earlier design). */
export type Design = 'own thread' | 'app thread' | 'PostgreSQL';

export type SlowLine = { name: string; ms: number; cpuMs?: number; statement: string };

export type NeverSilentResult = {
  kind: DbTarget['kind'];
  design: Design;
  scale: NeverSilentScale;
  seedSeconds: number;
  health: { requests: number; p50: number; p99: number; max: number; unanswered: number; busy: number };
  lists: { call: string; requests: number; p50: number; p95: number; max: number; unanswered: number }[];
  /** Every list call together. */
  listsAll: { requests: number; p95: number; max: number; unanswered: number };
  work: { finished: boolean; seconds: number; feedRecords: number; gridpane: boolean; kinsta: boolean };
  /** Statements over the slow-statement log's limit (the embedded database's own thread and PostgreSQL). */
  slow: SlowLine[];
};

const FEED_SEED = 20_261_128;
const GRIDPANE_SEED = 17;
/** A request unanswered this long counts as unanswered (it is then given up). */
const UNANSWERED_MS = 30_000;

/** The fleet, its software and the checks, straight into a fresh database; the seconds it took. */
export async function seedNeverSilent(target: DbTarget, s: NeverSilentScale, secretKey: string) {
  const started = performance.now();
  await syncFleet(
    target,
    { sites: s.sites, servers: s.servers, monitors: s.sites, clients: s.clients, tasks: s.clients },
    secretKey,
  );
  const database = await openTarget(target);
  try {
    await seedSoftware(database.db, { plugins: s.plugins, records: s.records });
    await database.query('analyze');
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

type Timed = { ms: number; status: number };

/** One request, given up after UNANSWERED_MS (status 0). */
async function ask(
  url: string,
  headers: Record<string, string> = {},
  init: RequestInit = {},
): Promise<Timed> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(UNANSWERED_MS) });
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

/** A list call on a page of its own: the paged lists are asked page after page, as ten people would. */
function onPage(call: string, n: number): string {
  if (!call.includes('pageSize=') || call.includes('page=')) return call;
  return `${call}&page=${1 + (n % 40)}`;
}

async function post(base: string, cookie: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
}

/**
 * One run: the app on `target` (PGlite on its own thread or on the app's, or PostgreSQL) with the
 * fakes, the work started at once, the load measured for `seconds`, then the wait for the work's end.
 */
export async function measureNeverSilent(
  dist: string,
  target: DbTarget,
  design: Design,
  secretKey: string,
  scale: NeverSilentScale,
  seedSeconds: number,
  log: (msg: string) => void,
): Promise<NeverSilentResult> {
  const gridpane = await startFakeGridPane({
    servers: scale.servers,
    sites: scale.sites,
    seed: GRIDPANE_SEED,
    endpointLimit: 1_000_000,
    totalLimit: 1_000_000,
  });
  const kinsta = await startFakeKinsta({ sites: scale.kinstaSites, seed: 12, apiKey: 'bench-p14-kinsta' });
  const wordfence = await startFakeWordfence({ records: scale.records, seed: FEED_SEED });
  const targets = await startTargets();
  const slow: SlowLine[] = [];
  try {
    // The checks, spread over the minute from when the app starts.
    await seedChecks(target, scale.checks, targets.url, new Date(Date.now() + 20_000));
    const env = {
      ...appEnv(target, secretKey),
      PGLITE_THREAD: design === 'app thread' ? 'app' : 'own',
      ALLOW_PRIVATE_TARGETS: 'true', // the fakes listen on this machine
      WORDFENCE_API_URL: wordfence.url,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    };
    const app = spawnNode([`${dist}/server/main.js`], env, await freePort(), (line) => {
      if (!line.includes('A statement took')) return;
      try {
        const entry = JSON.parse(line) as { msg: string; ms: number; cpuMs?: number; statement: string };
        slow.push({
          name: entry.msg.replace(/^A statement took \d+ ms \(over \d+ ms\): /, ''),
          ms: entry.ms,
          cpuMs: entry.cpuMs,
          statement: entry.statement,
        });
      } catch {
        // Not a log line of ours.
      }
    });
    try {
      await waitForHealth(app, performance.now(), 120_000);
      const cookie = await signIn(app.url);
      const calls = await listCalls(app.url, cookie);
      const started = Date.now();
      log(`${design}: starting the import, both syncs, the health refresh and ${scale.checks} checks`);
      await post(app.url, cookie, '/api/integrations/wordfence', { apiKey: wordfence.apiKey });
      await post(app.url, cookie, '/api/integrations/gridpane', {
        baseUrl: gridpane.url,
        accessToken: gridpane.token,
      });
      await post(app.url, cookie, '/api/integrations/kinsta', { apiKey: kinsta.apiKey, baseUrl: kinsta.url });

      const until = performance.now() + scale.seconds * 1000;
      const health: Timed[] = [];
      const byCall = new Map<string, Timed[]>(calls.map((c) => [c, []]));
      const healthPolls: Promise<void>[] = [];
      const healthLoop = (async () => {
        while (performance.now() < until) {
          healthPolls.push(ask(`${app.url}/api/health`).then((t) => void health.push(t)));
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();
      let n = 0;
      const listWorkers = Array.from({ length: 10 }, async () => {
        while (performance.now() < until) {
          const i = n++;
          const call = calls[i % calls.length]!;
          byCall
            .get(call)!
            .push(await ask(`${app.url}${onPage(call, Math.floor(i / calls.length))}`, { cookie }));
        }
      });
      await Promise.all([healthLoop, ...listWorkers]);
      await Promise.all(healthPolls);

      log(`${design}: load measured; waiting for the work to finish`);
      const finish = await waitForWork(app.url, cookie, started, scale.finishLimitSeconds);
      const healthMs = health.filter((t) => t.status !== 0).map((t) => t.ms);
      const all = [...byCall.values()].flat();
      const answered = (ts: Timed[]) => ts.filter((t) => t.status !== 0).map((t) => t.ms);
      return {
        kind: target.kind,
        design,
        scale,
        seedSeconds,
        health: {
          requests: health.length,
          p50: percentile(healthMs, 50),
          p99: percentile(healthMs, 99),
          max: Math.max(0, ...health.map((t) => t.ms)),
          unanswered: health.filter((t) => t.status === 0).length,
          busy: health.filter((t) => t.status === 503).length,
        },
        lists: calls.map((call) => {
          const ts = byCall.get(call)!;
          return {
            call,
            requests: ts.length,
            p50: percentile(answered(ts), 50),
            p95: percentile(answered(ts), 95),
            max: Math.max(0, ...ts.map((t) => t.ms)),
            unanswered: ts.filter((t) => t.status === 0).length,
          };
        }),
        listsAll: {
          requests: all.length,
          p95: percentile(answered(all), 95),
          max: Math.max(0, ...all.map((t) => t.ms)),
          unanswered: all.filter((t) => t.status === 0).length,
        },
        work: finish,
        slow,
      };
    } finally {
      await app.stop();
    }
  } finally {
    targets.stop();
    await Promise.all([gridpane.close(), kinsta.close(), wordfence.close()]);
  }
}

/** Waits until the feed is in force and both hosts have synced since `since`, or the limit passes. */
async function waitForWork(base: string, cookie: string, since: number, limitSeconds: number) {
  const deadline = performance.now() + limitSeconds * 1000;
  let state = { feedRecords: 0, gridpane: false, kinsta: false };
  for (;;) {
    state = await workState(base, cookie, since).catch(() => state);
    const done = state.feedRecords > 0 && state.gridpane && state.kinsta;
    if (done || performance.now() > deadline)
      return { finished: done, seconds: (Date.now() - since) / 1000, ...state };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function workState(base: string, cookie: string, since: number) {
  const integrations = (await (await fetch(`${base}/api/integrations`, { headers: { cookie } })).json()) as {
    provider: string;
    lastSyncAt: string | null;
  }[];
  const synced = (provider: string) => {
    const at = integrations.find((i) => i.provider === provider)?.lastSyncAt;
    return at ? Date.parse(at) >= since : false;
  };
  const security = (await (
    await fetch(`${base}/api/websites/1/security`, { headers: { cookie } })
  ).json()) as {
    feed: { readAt: string | null; records: number };
  };
  return {
    feedRecords: security.feed.readAt ? security.feed.records : 0,
    gridpane: synced('gridpane'),
    kinsta: synced('kinsta'),
  };
}

/** A copy of a seeded PGlite data folder, so two designs start from the same data. */
export function copyDataDir(from: DbTarget, to: DbTarget): void {
  fs.rmSync(to.dataDir, { recursive: true, force: true });
  fs.cpSync(from.dataDir, to.dataDir, { recursive: true });
}
