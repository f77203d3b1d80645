// P8: our own checks at scale (10,000 checks at a 60 s interval: due-to-start lag p99 ≤ 2 s, ≤ 1 core
// on average, memory flat, cost linear against 1,000). N checks at a 60 s interval against local fake
// targets (a process of their own), run by the built server on one database for a while; from /proc,
// the server's CPU and memory; from its results, the delay between each run's due time and its start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { checks } from '../src/server/db/schema';
import { type Retained, retainedMemory } from './inspector';
import { percentile } from './p3-dashboard';
import { appEnv, type DbTarget, freePort, root, spawnNode, waitForHealth } from './processes';

export type ChecksResult = {
  checks: number;
  kind: DbTarget['kind'];
  measuredSeconds: number;
  runs: number;
  expectedRuns: number;
  lagP50Ms: number;
  lagP99Ms: number;
  /** Average share of one core used by the Agency Hub process while measured. */
  cores: number;
  /** CPU milliseconds per check run. */
  cpuMsPerRun: number;
  /** Resident memory as sampled (V8 collects when it chooses), at the start and end, and the most seen. */
  rssStartMb: number;
  rssEndMb: number;
  rssMaxMb: number;
  /** What the process holds after a full GC, at the start and at the end of the measured window. */
  retainedStart: Retained;
  retainedEnd: Retained;
  failedRuns: number;
};

const TICKS = 100; // Linux USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

/** user + system CPU seconds of a process, and its resident memory (MB). */
function sample(pid: number): { cpuS: number; rssMb: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuS = (Number(fields[11]) + Number(fields[12])) / TICKS;
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuS, rssMb: Number(rss?.[1] ?? 0) / 1024 };
}

export async function startTargets(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fakes/targets/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HTTPS_PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`fake targets exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Inserts the checks straight into the database (the API would take minutes for 10,000). */
export async function seedChecks(target: DbTarget, count: number, targetsUrl: string, firstDue: Date) {
  const database = await openDatabase(
    target.kind === 'postgres'
      ? { kind: 'postgres', url: target.url }
      : { kind: 'pglite', dataDir: target.dataDir },
  );
  try {
    await database.db.delete(checks);
    const rows = Array.from({ length: count }, (_, i) => ({
      name: `site-${i}`,
      // Most sites are plain pages; some carry a keyword; a few are WordPress pages (read whole).
      url: i % 10 === 0 ? `${targetsUrl}/wordpress?s=${i}` : `${targetsUrl}/up?s=${i}`,
      keyword: i % 7 === 0 ? 'Welcome' : null,
      intervalSeconds: 60,
      timeoutSeconds: 10,
      expectedStatus: '200-399',
      confirmations: 2,
      // Spread evenly over the minute, as checks added over time are.
      nextDueAt: new Date(firstDue.getTime() + (i * 60_000) / count),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await database.db.insert(checks).values(rows.slice(i, i + 1000));
  } finally {
    await database.close();
  }
}

async function lagStats(target: DbTarget, from: Date, to: Date) {
  const database = await openDatabase(
    target.kind === 'postgres'
      ? { kind: 'postgres', url: target.url }
      : { kind: 'pglite', dataDir: target.dataDir },
  );
  try {
    const { rows } = await database.query(
      'select lag_ms, ok from check_results where due_at >= $1 and due_at < $2',
      [from, to],
    );
    const lags = rows.map((r) => Number(r.lag_ms)).sort((a, b) => a - b);
    return { lags, failed: rows.filter((r) => !r.ok).length };
  } finally {
    await database.close();
  }
}

export async function measureChecks(
  dist: string,
  target: DbTarget,
  secretKey: string,
  opts: { checks: number; leadS: number; warmupS: number; measureS: number },
  log: (msg: string) => void,
): Promise<ChecksResult> {
  const targets = await startTargets();
  try {
    // The first checks fall due once the app has had time to start (leadS), spread over a minute.
    const firstDue = new Date(Date.now() + opts.leadS * 1000);
    await seedChecks(target, opts.checks, targets.url, firstDue);
    // The inspector (loopback, this run only) lets the bench read the memory kept after a full GC.
    const inspectorPort = await freePort();
    const app = spawnNode(
      [`--inspect=127.0.0.1:${inspectorPort}`, path.join(dist, 'server/main.js')],
      { ...appEnv(target, secretKey), ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'warn' },
      await freePort(),
    );
    try {
      await waitForHealth(app, performance.now(), 60_000);
      const pid = app.child.pid!;
      const startAt = new Date(firstDue.getTime() + opts.warmupS * 1000);
      while (Date.now() < startAt.getTime()) await sleep(250);
      const first = sample(pid);
      const retainedStart = await retainedMemory(inspectorPort);
      let rssMax = first.rssMb;
      const endAt = startAt.getTime() + opts.measureS * 1000;
      let lastLog = Date.now();
      while (Date.now() < endAt) {
        await sleep(2000);
        rssMax = Math.max(rssMax, sample(pid).rssMb);
        if (Date.now() - lastLog > 60_000) {
          lastLog = Date.now();
          log(
            `  ${opts.checks} checks: ${Math.round((endAt - Date.now()) / 1000)} s to go, RSS ${sample(pid).rssMb.toFixed(0)} MB`,
          );
        }
      }
      const last = sample(pid);
      const retainedEnd = await retainedMemory(inspectorPort);
      const measuredSeconds = opts.measureS;
      await app.stop();
      // Runs due in the window (those due in its last seconds may still be running: not counted).
      const windowEnd = new Date(endAt - 15_000);
      const { lags, failed } = await lagStats(target, startAt, windowEnd);
      const windowS = (windowEnd.getTime() - startAt.getTime()) / 1000;
      return {
        checks: opts.checks,
        kind: target.kind,
        measuredSeconds,
        runs: lags.length,
        expectedRuns: Math.round((opts.checks * windowS) / 60),
        lagP50Ms: percentile(lags, 50),
        lagP99Ms: percentile(lags, 99),
        cores: (last.cpuS - first.cpuS) / measuredSeconds,
        cpuMsPerRun: ((last.cpuS - first.cpuS) * 1000) / Math.max(1, (opts.checks * measuredSeconds) / 60),
        rssStartMb: first.rssMb,
        rssEndMb: last.rssMb,
        rssMaxMb: rssMax,
        retainedStart,
        retainedEnd,
        failedRuns: failed,
      };
    } finally {
      await app.stop();
    }
  } finally {
    targets.stop();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
