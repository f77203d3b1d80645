// `npm run bench` (full, quality bars P1–P6 at the P3 scale, P8 at 10,000 checks) or `npm run bench -- --smoke` (small
// scale, short runs: proves the benchmark still works). One measurement at a time: the machine has
// 2 cores. Writes bench/results/<date>[-smoke].json, prints the table, and (full) bench/RESULTS.md.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/ensure-build.mjs';
import { throwawayPglite, throwawayPostgres } from './databases';
import { measureClients } from './p1-p2-clients';
import { DASHBOARD_CALLS, measureApi, measureBrowser } from './p3-dashboard';
import { measureBundle } from './p4-bundle';
import { type GridPaneLimits, measureGridPane } from './p5-gridpane';
import { measureStartup } from './p6-startup';
import { type ChecksResult, measureChecks } from './p8-checks';
import { type ClientsCentreResult, measureClientsCentre } from './p9-clients';
import { root, snapshotDist } from './processes';
import { table, writeResults } from './report';
import { bundleRows, checkRows, clientsCentreRows, gridpaneRows, type KindResult, kindRows } from './rows';
import { type Scale, seed } from './seed';

const smoke = process.argv.includes('--smoke');
const scale: Scale = smoke
  ? { clients: 100, sites: 50, servers: 10, monitors: 50 }
  : { clients: 1000, sites: 2000, servers: 200, monitors: 2000 };
const durations = smoke ? { warmupS: 1, measureS: 3 } : { warmupS: 3, measureS: 10 };
const fcpLoads = smoke ? 2 : 5;
const apiLoads = smoke ? 20 : 100;
const startupRuns = smoke ? 2 : 5;
// P8: 10,000 checks for 10 minutes (memory must stay flat), against 1,000 for 2 (the cost ratio).
const checkScales = smoke
  ? { big: { checks: 200, warmupS: 30, measureS: 30 }, small: { checks: 20, warmupS: 30, measureS: 30 } }
  : {
      big: { checks: 10_000, warmupS: 40, measureS: 600 },
      small: { checks: 1000, warmupS: 40, measureS: 120 },
    };
// GridPane's real limits are 12 units per endpoint per 60 s window, a list page costing 2, up to 500 per
// page: 2,000 sites would fit one window. A smaller page and a shorter window make the limit bite (four
// windows) in under a minute; the minimum is computed from whatever limits are set here.
const gridpaneLimits: GridPaneLimits = smoke
  ? { sites: 50, servers: 10, maxPerPage: 10, endpointLimit: 6, listPageCost: 2, windowSeconds: 5 }
  : { sites: 2000, servers: 200, maxPerPage: 100, endpointLimit: 12, listPageCost: 2, windowSeconds: 15 };

// P9: the fleet view at 20,000 sites and a client page with 50 websites.
const centreScale = smoke
  ? { sites: 500, servers: 50, clients: 20, clientSites: 50 }
  : { sites: 20_000, servers: 2000, clients: 1000, clientSites: 50 };
const centreRuns = smoke ? { requests: 20, loads: 2 } : { requests: 200, loads: 10 };

const started = performance.now();
const loadSamples: number[] = [];
const log = (msg: string) => {
  loadSamples.push(os.loadavg()[0]!);
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
};

ensureBuilt();
const dist = snapshotDist();
const secretKey = randomBytes(32).toString('hex');
const details: Record<string, unknown> = { scale, durations, fcpLoads, apiLoads, startupRuns };

async function runKind(kind: 'postgres' | 'pglite'): Promise<KindResult | null> {
  const db = kind === 'postgres' ? await throwawayPostgres() : throwawayPglite();
  if (!db) return null;
  try {
    log(`${kind}: seeding ${JSON.stringify(scale)} through the fakes`);
    details[`${kind}Seeded`] = await seed(db.target, scale, secretKey);
    log(`${kind}: seeded ${JSON.stringify(details[`${kind}Seeded`])}`);
    log(`${kind}: GET /api/clients, bare route then app (${durations.measureS} s each)`);
    const { result: clients, app, cookie } = await measureClients(dist, db.target, secretKey, durations);
    try {
      log(`${kind}: dashboard in Chromium (${fcpLoads} loads)`);
      const browser = await measureBrowser(app.url, fcpLoads);
      const calls = [...new Set([...DASHBOARD_CALLS, ...browser.calls])];
      log(`${kind}: dashboard API calls (${apiLoads} page loads): ${calls.join(' ')}`);
      const api = await measureApi(app.url, cookie, calls, apiLoads);
      await app.stop();
      log(`${kind}: start-up (${startupRuns} starts)`);
      const startup = await measureStartup(dist, db.target, secretKey, startupRuns);
      return { kind, clients, browser, api, startup };
    } finally {
      await app.stop();
    }
  } finally {
    await db.drop();
  }
}

/** P8 on one database: the big fleet of checks, then the small one, each on a fresh database. */
async function runChecks(kind: 'postgres' | 'pglite') {
  const out: Record<'big' | 'small', ChecksResult | null> = { big: null, small: null };
  for (const size of ['big', 'small'] as const) {
    const db = kind === 'postgres' ? await throwawayPostgres() : throwawayPglite();
    if (!db) return out;
    try {
      const s = checkScales[size];
      log(`${kind}: ${s.checks} own checks every 60 s for ${s.measureS} s against local targets`);
      out[size] = await measureChecks(dist, db.target, secretKey, s, log);
    } finally {
      await db.drop();
    }
  }
  return out;
}

/** P9 on one database, fresh. */
async function runClientsCentre(kind: 'postgres' | 'pglite'): Promise<ClientsCentreResult | null> {
  const db = kind === 'postgres' ? await throwawayPostgres() : throwawayPglite();
  if (!db) return null;
  try {
    log(`${kind}: clients at the centre, ${centreScale.sites} websites`);
    return await measureClientsCentre(dist, db.target, secretKey, centreScale, centreRuns, log);
  } finally {
    await db.drop();
  }
}

let exitCode = 0;
try {
  const postgres = await runKind('postgres');
  const pglite = await runKind('pglite');
  const checksPostgres = await runChecks('postgres');
  const checksPglite = await runChecks('pglite');
  const centrePostgres = await runClientsCentre('postgres');
  const centrePglite = await runClientsCentre('pglite');
  log('bundle sizes');
  const bundle = measureBundle(dist, pglite?.browser.scripts ?? postgres?.browser.scripts);
  log(`GridPane refresh against the fake's rate limit (${JSON.stringify(gridpaneLimits)})`);
  const gridpane = await measureGridPane(gridpaneLimits);
  Object.assign(details, {
    postgres,
    pglite,
    bundle,
    gridpane,
    checksPostgres,
    checksPglite,
    centrePostgres,
    centrePglite,
  });

  const rows = [
    ...kindRows(postgres, 'postgres'),
    ...kindRows(pglite, 'pglite'),
    ...bundleRows(bundle),
    ...gridpaneRows(gridpane),
    ...checkRows(checksPostgres.big, checksPostgres.small, 'PostgreSQL'),
    ...checkRows(checksPglite.big, checksPglite.small, 'PGlite'),
    ...clientsCentreRows(centrePostgres, 'PostgreSQL'),
    ...clientsCentreRows(centrePglite, 'PGlite'),
  ].sort((a, b) => a.id.localeCompare(b.id));
  const seconds = (performance.now() - started) / 1000;
  const note =
    `Load average (1 min) during the run: ${Math.min(...loadSamples).toFixed(1)}–` +
    `${Math.max(...loadSamples).toFixed(1)} (other work shared the machine; ratios are side by side).`;
  console.log(note);
  const file = writeResults(note, path.join(root, 'bench'), smoke, rows, details, seconds);
  console.log(`\n${table(rows)}\n`);
  console.log(
    `${smoke ? 'Smoke' : 'Full'} run in ${seconds.toFixed(0)} s. Results: ${path.relative(root, file)}`,
  );
  if (!smoke) console.log('Table written to bench/RESULTS.md.');
  const failed = rows.filter((r) => r.pass === false).length;
  if (failed) console.log(`${failed} figure(s) miss their bar (FAIL above).`);
  if (failed && process.argv.includes('--strict')) exitCode = 1;
} catch (err) {
  console.error('The benchmark failed:', err);
  exitCode = 2;
} finally {
  fs.rmSync(path.dirname(dist), { recursive: true, force: true });
}
process.exit(exitCode);
