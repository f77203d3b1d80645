// `npm run bench` (full: the performance bars P1–P6 at the dashboard's scale of 2,000 sites, P7 at 2,000
// and 20,000 sites, P8 at 10,000 checks, P9 at 20,000 websites; each row carries its own target) or
// `npm run bench -- --smoke` (small scale, short runs: proves the benchmark still works). One
// measurement at a time: the machine has 2 cores. Writes bench/results/<date>[-smoke].json, prints the
// table, and (full) bench/RESULTS.md.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from '../scripts/chromium.mjs';
import { ensureBuilt } from '../scripts/ensure-build.mjs';
import { throwawayPglite, throwawayPostgres } from './databases';
import { measureClients } from './p1-p2-clients';
import { DASHBOARD_CALLS, measureApi, measureBrowser } from './p3-dashboard';
import { measureBundle } from './p4-bundle';
import { type GridPaneLimits, measureGridPane } from './p5-gridpane';
import { measureStartup } from './p6-startup';
import { type FleetResult, type FleetScale, measureFleet } from './p7-fleet';
import { fleetRows, fleetTable, writeFleetSection } from './p7-rows';
import { type ChecksResult, measureChecks } from './p8-checks';
import { type ClientsCentreResult, measureClientsCentre } from './p9-clients';
import { measureSecurity, type SecurityResult } from './p10-security';
import { type BackupsResult, measureBackups } from './p11-backups';
import { type KinstaLimits, measureKinsta } from './p12-kinsta';
import { measureUpdates, type UpdatesScale } from './p13-updates';
import {
  copyDataDir,
  measureNeverSilent,
  type NeverSilentResult,
  type NeverSilentScale,
  seedNeverSilent,
} from './p14-never-silent';
import { root, snapshotDist } from './processes';
import { machine, type Row, replaceBarRows, table, writeResults } from './report';
import {
  backupRows,
  bundleRows,
  checkRows,
  clientsCentreRows,
  gridpaneRows,
  type KindResult,
  kindRows,
  kinstaRows,
  neverSilentRows,
  securityRows,
  updatesRows,
} from './rows';
import { type Scale, seed } from './seed';

const smoke = process.argv.includes('--smoke');
// `--only=p14 --quick`: the designs in use only (no in-thread comparison, no P8), to look at figures
// and the slow-statement log at full scale; RESULTS.md is left as it is.
const quick = process.argv.includes('--quick');
const scale: Scale = smoke
  ? { clients: 100, sites: 50, servers: 10, monitors: 50 }
  : { clients: 1000, sites: 2000, servers: 200, monitors: 2000 };
const durations = smoke ? { warmupS: 1, measureS: 3 } : { warmupS: 3, measureS: 10 };
const fcpLoads = smoke ? 2 : 5;
const apiLoads = smoke ? 20 : 100;
const startupRuns = smoke ? 2 : 5;
// P8: 10,000 checks for 10 minutes (memory must stay flat, due-to-start lag p99 ≤ 2 s), against 1,000
// for 2 (the cost must grow linearly).
// The smoke only proves the measurement runs: a short lead and a window of a few seconds.
const checkScales = smoke
  ? {
      big: { checks: 200, leadS: 15, warmupS: 5, measureS: 20 },
      small: { checks: 20, leadS: 15, warmupS: 5, measureS: 20 },
    }
  : {
      big: { checks: 10_000, leadS: 20, warmupS: 40, measureS: 600 },
      small: { checks: 1000, leadS: 20, warmupS: 40, measureS: 120 },
    };
// GridPane's real limits are 12 units per endpoint per 60 s window, a list page costing 2, up to 500 per
// page: 2,000 sites would fit one window. A smaller page and a shorter window make the limit bite (four
// windows) in under a minute; the minimum is computed from whatever limits are set here.
const gridpaneLimits: GridPaneLimits = smoke
  ? { sites: 50, servers: 10, maxPerPage: 10, endpointLimit: 6, listPageCost: 2, windowSeconds: 5 }
  : { sites: 2000, servers: 200, maxPerPage: 100, endpointLimit: 12, listPageCost: 2, windowSeconds: 15 };

// P9: the fleet view at 20,000 sites (p95 ≤ 300 ms) and a client page with 50 websites (≤ 1 s).
const centreScale = smoke
  ? { sites: 500, servers: 50, clients: 20, clientSites: 50 }
  : { sites: 20_000, servers: 2000, clients: 1000, clientSites: 50 };
const centreRuns = smoke ? { requests: 20, loads: 2 } : { requests: 200, loads: 10 };
// P10: 100 plugins on each of 20,000 sites matched against a 40,000-record feed (≤ 60 s, ≤ 300 MB
// extra), and the findings list p95 ≤ 100 ms at 10 concurrent.
const securityScale = smoke
  ? { sites: 500, plugins: 20, records: 2000, clients: 20 }
  : { sites: 20_000, plugins: 100, records: 40_000, clients: 1000 };
const securityRequests = smoke ? 20 : 200;
// P11: the Backups list and summary at 20,000 websites, p95 ≤ 100 ms at 10 concurrent.
const backupsScale = smoke
  ? { sites: 500, clients: 20, backupsPerSite: 3 }
  : { sites: 20_000, clients: 1000, backupsPerSite: 7 };
const backupsRequests = smoke ? 20 : 200;
// P12: a full Kinsta sync of 2,000 sites against a rate limit (≤ 1.2× the least time it allows). Kinsta
// publishes none: the bench's is scaled in time (50 requests a second, the client spaced to match).
const kinstaLimits: KinstaLimits = smoke
  ? { sites: 30, requests: 50, windowMs: 1000 }
  : { sites: 2000, requests: 50, windowMs: 1000 };
// P13: an update run of 3 plugins on 200 sites against the fakes (≤ 1.2× the least time the hosts'
// pacing and the run's concurrency allow). A backup takes 3 s and an update 2 s: scaled-down host times.
const updatesScale: UpdatesScale = smoke
  ? { sites: 12, servers: 4, pluginsPerSite: 3, concurrency: 10, backupMs: 1000, applyMs: 500 }
  : { sites: 200, servers: 20, pluginsPerSite: 3, concurrency: 10, backupMs: 3000, applyMs: 2000 };
// P7: the same lists at two fleet sizes, ten times apart, on both databases: first rows within 1 s at
// 20,000 sites and at most 1.3× the time at 2,000.
const fleetScales: Record<'small' | 'big', FleetScale> = smoke
  ? {
      small: { sites: 50, servers: 5, monitors: 50, clients: 20, tasks: 20 },
      big: { sites: 500, servers: 50, monitors: 500, clients: 20, tasks: 20 },
    }
  : {
      small: { sites: 2000, servers: 200, monitors: 2000, clients: 1000, tasks: 1000 },
      big: { sites: 20_000, servers: 2000, monitors: 20_000, clients: 1000, tasks: 1000 },
    };
// P14: the heaviest background work at once on 20,000 websites with 100 plugins each; the smoke runs
// it at 2,000 (the CI's check that no statement runs over the slow-statement log's limit).
const neverSilentScale: NeverSilentScale = smoke
  ? {
      sites: 2000,
      servers: 200,
      clients: 100,
      plugins: 20,
      records: 4000,
      checks: 200,
      kinstaSites: 5,
      seconds: 20,
      finishLimitSeconds: 300,
    }
  : {
      sites: 20_000,
      servers: 2000,
      clients: 1000,
      plugins: 100,
      records: 40_000,
      checks: 10_000,
      kinstaSites: 30,
      seconds: 180,
      finishLimitSeconds: 1200,
    };
const fleetOptions = smoke ? { loads: 1, callSeconds: 0.3 } : { loads: 5, callSeconds: 5 };
// `--only=p7` (or p8, p9, core) runs that bar alone and rewrites only its rows (and P7's section) of RESULTS.md.
// `--only=core` runs the bars P1–P6 (clients list, dashboard, bundle, GridPane pacing, start-up).
const ONLY = ['core', 'p7', 'p8', 'p9', 'p10', 'p11', 'p12', 'p13', 'p14'] as const;
type Only = (typeof ONLY)[number];
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const started = performance.now();
const loadSamples: number[] = [];
const log = (msg: string) => {
  loadSamples.push(os.loadavg()[0]!);
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
};

ensureBuilt();
// The browser figures (P3, P7, P9) need a Chromium: found, or obtained the way `npm test` obtains it.
const browser = ensureChromium({ kind: 'full' });
if (!browser.path) {
  console.error(`The benchmark needs Chromium: ${browser.reason}`);
  process.exit(1);
}
process.env.CHROMIUM_PATH = browser.path;
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

/** P10 on one database, fresh. */
async function runSecurity(kind: 'postgres' | 'pglite'): Promise<SecurityResult | null> {
  const db = kind === 'postgres' ? await throwawayPostgres() : throwawayPglite();
  if (!db) return null;
  try {
    log(`${kind}: the Security page, ${securityScale.sites} websites × ${securityScale.plugins} plugins`);
    return await measureSecurity(dist, db.target, secretKey, securityScale, securityRequests, log);
  } finally {
    await db.drop();
  }
}

/** P11 on one database, fresh. */
async function runBackups(kind: 'postgres' | 'pglite'): Promise<BackupsResult | null> {
  const db = kind === 'postgres' ? await throwawayPostgres() : throwawayPglite();
  if (!db) return null;
  try {
    log(`${kind}: the Backups page, ${backupsScale.sites} websites`);
    return await measureBackups(dist, db.target, secretKey, backupsScale, backupsRequests, log);
  } finally {
    await db.drop();
  }
}

/** P7 on one database: the small fleet, then the big one, each on a fresh database. */
async function runFleet(kind: 'postgres' | 'pglite'): Promise<FleetResult[]> {
  const out: FleetResult[] = [];
  for (const size of ['small', 'big'] as const) {
    const db = kind === 'postgres' ? await throwawayPostgres() : throwawayPglite();
    if (!db) return out;
    try {
      // A person's writes during a whole-fleet re-sync: at the big fleet only, where the sync is longest,
      // and on PostgreSQL, where writes and the sync run side by side (PGlite runs one at a time).
      const options = { ...fleetOptions, measureWrites: size === 'big' && kind === 'postgres' };
      out.push(await measureFleet(dist, kind, db.target, secretKey, fleetScales[size], options, log));
    } finally {
      await db.drop();
    }
  }
  return out;
}

/**
 * P14: PGlite on its own thread and, from a copy of the same data, in the app's thread (the earlier
 * design, side by side), then PostgreSQL. The smoke runs the designs in use only.
 */
async function runNeverSilent(): Promise<NeverSilentResult[]> {
  const out: NeverSilentResult[] = [];
  const first = throwawayPglite();
  const second = smoke || quick ? null : throwawayPglite();
  try {
    log(`pglite: seeding ${neverSilentScale.sites} websites × ${neverSilentScale.plugins} plugins`);
    const seedSeconds = await seedNeverSilent(first.target, neverSilentScale, secretKey);
    if (second) copyDataDir(first.target, second.target);
    log(`pglite: seeded in ${seedSeconds.toFixed(0)} s`);
    out.push(
      await measureNeverSilent(
        dist,
        first.target,
        'own thread',
        secretKey,
        neverSilentScale,
        seedSeconds,
        log,
      ),
    );
    if (second)
      out.push(
        await measureNeverSilent(
          dist,
          second.target,
          'app thread',
          secretKey,
          // The earlier design is given ten minutes to finish the work, not twenty: it is the comparison.
          { ...neverSilentScale, finishLimitSeconds: Math.min(600, neverSilentScale.finishLimitSeconds) },
          seedSeconds,
          log,
        ),
      );
  } finally {
    await first.drop();
    await second?.drop();
  }
  const postgres = await throwawayPostgres();
  if (postgres) {
    try {
      log(`postgres: seeding ${neverSilentScale.sites} websites × ${neverSilentScale.plugins} plugins`);
      const seedSeconds = await seedNeverSilent(postgres.target, neverSilentScale, secretKey);
      out.push(
        await measureNeverSilent(
          dist,
          postgres.target,
          'PostgreSQL',
          secretKey,
          neverSilentScale,
          seedSeconds,
          log,
        ),
      );
    } finally {
      await postgres.drop();
    }
  }
  for (const r of out)
    log(
      `${r.design}: health p99 ${r.health.p99.toFixed(0)} ms, max ${r.health.max.toFixed(0)} ms; lists p95 ${r.listsAll.p95.toFixed(0)} ms; ${r.slow.length} slow statement(s)`,
    );
  return out;
}

/** Statements over the slow-statement log's limit in a P14 run: the smoke fails on any. */
const slowStatementsOf = (results: NeverSilentResult[]) =>
  results.flatMap((r) =>
    r.slow
      .filter((s) => (s.cpuMs ?? s.ms) >= 500)
      .map((s) => `${r.design}: ${s.name} (${s.cpuMs ?? s.ms} ms)`),
  );

/**
 * The slow-statement log's verdict: every statement over the limit listed, and (the smoke in CI, or
 * any run) a failure when there is one.
 */
function slowStatementsFail(results: NeverSilentResult[]): number {
  const over = slowStatementsOf(results);
  if (!over.length) return 0;
  console.log(`Statements over 500 ms (the slow-statement log):\n  ${over.join('\n  ')}`);
  return 1;
}

function fleetSectionRows(fleet: FleetResult[]): Row[] {
  const pair = (kind: string) => {
    const mine = fleet.filter((r) => r.kind === kind);
    return [
      mine.find((r) => r.scale.sites === fleetScales.big.sites) ?? null,
      mine.find((r) => r.scale.sites === fleetScales.small.sites) ?? null,
    ] as const;
  };
  return [...fleetRows(...pair('pglite'), 'PGlite'), ...fleetRows(...pair('postgres'), 'PostgreSQL')];
}

function writeFleet(fleet: FleetResult[], rows: Row[], note: string): void {
  const m = machine();
  const date = new Date().toISOString().slice(0, 10);
  writeFleetSection(
    path.join(root, 'bench'),
    [
      '## P7: lists at fleet scale',
      '',
      `Run of \`npm run bench${only === 'p7' ? ' -- --only=p7' : ''}\` on ${date}: ${m.cpus} cores (${m.cpu}), Node ${m.node}. ` +
        `${note} The two fleet sizes ran one after the other in the same run, so their ratios share ` +
        "the machine's conditions.",
      '',
      "Fleets synced from the fake providers with pacing off; the sync time is the app's own GridPane " +
        'sync (servers, sites, websites) plus the Better Uptime monitor list. Pages loaded in headless ' +
        `Chromium at 1280×800 (median of ${fleetOptions.loads} loads after a warm-up); API JSON is the ` +
        'bodies of every /api call of one page view; calls timed with 10 concurrent requests for ' +
        `${fleetOptions.callSeconds} s each. PGlite is one connection inside the process, so ten ` +
        "concurrent calls wait for each other there: compare its p50 with PostgreSQL's too.",
      '',
      table(rows),
      '',
      fleetTable(fleet),
    ].join('\n'),
  );
}

const loadNote = () =>
  `Load average (1 min) during the run: ${Math.min(...loadSamples).toFixed(1)}–` +
  `${Math.max(...loadSamples).toFixed(1)} (the bench's own app, database and browser included).`;

/** `--only=p7`, `p8`, `p9` or `p10`: that bar alone, its JSON, and (full) its rows in RESULTS.md and the README. */
async function runOnly(bar: Only): Promise<number> {
  let slowFailure = 0;
  let rows: Row[];
  let detail: object;
  if (bar === 'p7') {
    const fleet = [...(await runFleet('pglite')), ...(await runFleet('postgres'))];
    rows = fleetSectionRows(fleet);
    detail = { fleet };
    if (!smoke) writeFleet(fleet, rows, loadNote());
  } else if (bar === 'core') {
    const core = await runCore();
    rows = core.rows.sort((a, b) => a.id.localeCompare(b.id));
    detail = core.detail;
  } else if (bar === 'p10') {
    const securityPostgres = await runSecurity('postgres');
    const securityPglite = await runSecurity('pglite');
    rows = [...securityRows(securityPostgres, 'PostgreSQL'), ...securityRows(securityPglite, 'PGlite')];
    detail = { securityPostgres, securityPglite };
  } else if (bar === 'p14') {
    const neverSilent = await runNeverSilent();
    // The move off the app's thread must not cost the checks: P8 on PGlite in the same run.
    const checksPglite = smoke || quick ? null : await runChecks('pglite');
    rows = [
      ...neverSilentRows(neverSilent),
      ...(checksPglite ? checkRows(checksPglite.big, checksPglite.small, 'PGlite') : []),
    ];
    detail = { neverSilent, checksPglite };
    slowFailure = slowStatementsFail(neverSilent);
  } else if (bar === 'p12') {
    log(`Kinsta sync against the fake's rate limit (${JSON.stringify(kinstaLimits)})`);
    const kinsta = await measureKinsta(kinstaLimits);
    rows = kinstaRows(kinsta);
    detail = { kinsta };
  } else if (bar === 'p13') {
    const updates = await measureUpdates(updatesScale, log);
    rows = updatesRows(updates);
    detail = { updates };
  } else if (bar === 'p11') {
    const backupsPostgres = await runBackups('postgres');
    const backupsPglite = await runBackups('pglite');
    rows = [...backupRows(backupsPostgres, 'PostgreSQL'), ...backupRows(backupsPglite, 'PGlite')];
    detail = { backupsPostgres, backupsPglite };
  } else if (bar === 'p9') {
    const centrePostgres = await runClientsCentre('postgres');
    const centrePglite = await runClientsCentre('pglite');
    rows = [...clientsCentreRows(centrePostgres, 'PostgreSQL'), ...clientsCentreRows(centrePglite, 'PGlite')];
    detail = { centrePostgres, centrePglite };
  } else {
    const checksPostgres = await runChecks('postgres');
    const checksPglite = await runChecks('pglite');
    rows = [
      ...checkRows(checksPostgres.big, checksPostgres.small, 'PostgreSQL'),
      ...checkRows(checksPglite.big, checksPglite.small, 'PGlite'),
    ];
    detail = { checksPostgres, checksPglite };
  }
  const seconds = (performance.now() - started) / 1000;
  const file = path.join(
    root,
    'bench',
    'results',
    `${new Date().toISOString().slice(0, 10)}-${bar}${smoke ? '-smoke' : ''}.json`,
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify({ seconds, machine: machine(), note: loadNote(), rows, ...detail }, null, 2)}\n`,
  );
  console.log(`\n${table(rows)}\n`);
  if (!smoke && !quick)
    for (const f of ['bench/RESULTS.md', 'README.md'])
      for (const id of bar === 'core' ? ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'] : [bar.toUpperCase()])
        replaceBarRows(
          path.join(root, f),
          id,
          rows.filter((r) => r.id === id),
        );
  console.log(`${bar.toUpperCase()} run in ${seconds.toFixed(0)} s. Results: ${path.relative(root, file)}`);
  const failed = rows.filter((r) => r.pass === false).length;
  if (failed) console.log(`${failed} figure(s) miss their bar (FAIL above).`);
  if (failed && process.argv.includes('--strict')) return 1;
  return slowFailure;
}

/**
 * The bars P1–P6 (clients list against a bare route, dashboard, bundle, GridPane pacing, start-up): both
 * databases, then the web bundle and the GridPane pacing.
 */
async function runCore() {
  const postgres = await runKind('postgres');
  const pglite = await runKind('pglite');
  log('bundle sizes');
  const bundle = measureBundle(dist, pglite?.browser.scripts ?? postgres?.browser.scripts);
  log(`GridPane refresh against the fake's rate limit (${JSON.stringify(gridpaneLimits)})`);
  const gridpane = await measureGridPane(gridpaneLimits);
  const rows = [
    ...kindRows(postgres, 'postgres'),
    ...kindRows(pglite, 'pglite'),
    ...bundleRows(bundle),
    ...gridpaneRows(gridpane),
  ];
  return { rows, detail: { postgres, pglite, bundle, gridpane } };
}

async function runAll(): Promise<number> {
  const core = await runCore();
  const checksPostgres = await runChecks('postgres');
  const checksPglite = await runChecks('pglite');
  const centrePostgres = await runClientsCentre('postgres');
  const centrePglite = await runClientsCentre('pglite');
  const securityPostgres = await runSecurity('postgres');
  const securityPglite = await runSecurity('pglite');
  const backupsPostgres = await runBackups('postgres');
  const backupsPglite = await runBackups('pglite');
  log(`Kinsta sync against the fake's rate limit (${JSON.stringify(kinstaLimits)})`);
  const kinsta = await measureKinsta(kinstaLimits);
  const updates = await measureUpdates(updatesScale, log);
  const fleet = [...(await runFleet('pglite')), ...(await runFleet('postgres'))];
  const p7 = fleetSectionRows(fleet);
  const neverSilent = await runNeverSilent();
  Object.assign(details, {
    neverSilent,
    securityPostgres,
    securityPglite,
    backupsPostgres,
    backupsPglite,
    kinsta,
    updates,
    ...core.detail,
    checksPostgres,
    checksPglite,
    fleet,
    centrePostgres,
    centrePglite,
  });

  const rows = [
    ...core.rows,
    ...checkRows(checksPostgres.big, checksPostgres.small, 'PostgreSQL'),
    ...checkRows(checksPglite.big, checksPglite.small, 'PGlite'),
    ...clientsCentreRows(centrePostgres, 'PostgreSQL'),
    ...clientsCentreRows(centrePglite, 'PGlite'),
    ...securityRows(securityPostgres, 'PostgreSQL'),
    ...securityRows(securityPglite, 'PGlite'),
    ...backupRows(backupsPostgres, 'PostgreSQL'),
    ...backupRows(backupsPglite, 'PGlite'),
    ...kinstaRows(kinsta),
    ...updatesRows(updates),
    ...p7,
    ...neverSilentRows(neverSilent),
  ].sort((a, b) => a.id.localeCompare(b.id));
  const seconds = (performance.now() - started) / 1000;
  const note = loadNote();
  console.log(note);
  const file = writeResults(note, path.join(root, 'bench'), smoke, rows, details, seconds);
  if (!smoke) writeFleet(fleet, p7, note);
  console.log(`\n${table(rows)}\n`);
  console.log(
    `${smoke ? 'Smoke' : 'Full'} run in ${seconds.toFixed(0)} s. Results: ${path.relative(root, file)}`,
  );
  if (!smoke) console.log('Table written to bench/RESULTS.md.');
  const failed = rows.filter((r) => r.pass === false).length;
  if (failed) console.log(`${failed} figure(s) miss their bar (FAIL above).`);
  if (failed && process.argv.includes('--strict')) return 1;
  return slowStatementsFail(neverSilent);
}

let exitCode = 0;
try {
  if (only && !ONLY.includes(only as Only)) throw new Error(`--only takes ${ONLY.join(', ')}, not "${only}"`);
  exitCode = only ? await runOnly(only as Only) : await runAll();
} catch (err) {
  console.error('The benchmark failed:', err);
  exitCode = 2;
} finally {
  fs.rmSync(path.dirname(dist), { recursive: true, force: true });
}
process.exit(exitCode);
