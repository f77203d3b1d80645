// Turns the measurements into the rows of the results table (figure, target, measured, ratio, pass).

import type { ClientsResult } from './p1-p2-clients';
import type { ApiTiming, BrowserResult } from './p3-dashboard';
import { percentile } from './p3-dashboard';
import type { BundleResult } from './p4-bundle';
import type { GridPaneResult } from './p5-gridpane';
import type { StartupResult } from './p6-startup';
import type { ChecksResult } from './p8-checks';
import type { ClientsCentreResult } from './p9-clients';
import type { SecurityResult } from './p10-security';
import type { BackupsResult } from './p11-backups';
import type { KinstaResult } from './p12-kinsta';
import type { UpdatesResult } from './p13-updates';
import type { NeverSilentResult } from './p14-never-silent';
import { atLeast, atMost, ms, pct, type Row, skipped } from './report';

export type KindResult = {
  kind: 'postgres' | 'pglite';
  clients: ClientsResult;
  browser: BrowserResult;
  api: ApiTiming[];
  startup: StartupResult;
};

const kb = (n: number) => `${n.toFixed(1)} KB`;
const x = (n: number) => `${n.toFixed(2)}×`;
const rps = (n: number) => `${Math.round(n).toLocaleString('en-US')} req/s`;

/**
 * P1/P2: the app's req/s at least 70% of a bare Fastify route's returning the same rows, and its p99 at
 * most 1.2× the bare route's at 10 connections (the 2 cores bound the absolute p99).
 */
function clientRows(id: string, label: string, c: ClientsResult): Row[] {
  const clean = c.app.non2xx + c.app.errors + c.bare.non2xx + c.bare.errors === 0;
  const note = `${clean ? '' : ' (non-2xx or errors!)'}${c.sameRows ? '' : ' (rows differ!)'}`;
  const ratio = atLeast(
    id,
    `GET /api/clients (${c.rows} clients) vs bare Fastify route, ${label}, req/s`,
    c.ratio,
    0.7,
    pct,
    ` (${rps(c.app.reqPerSec)} vs ${rps(c.bare.reqPerSec)})${note}`,
  );
  const p99 = atMost(
    id,
    `GET /api/clients p99 vs bare Fastify route at 10 connections, ${label}`,
    c.app.p99 / c.bare.p99,
    1.2,
    x,
    ` (${ms(c.app.p99)} vs bare ${ms(c.bare.p99)})`,
  );
  if (!clean || !c.sameRows) ratio.pass = p99.pass = false;
  return [ratio, p99];
}

export function kindRows(r: KindResult | null, kind: 'postgres' | 'pglite'): Row[] {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const id = kind === 'postgres' ? 'P1' : 'P2';
  if (!r) {
    return [
      skipped(id, `GET /api/clients vs bare route, ${label}`, '≥ 70%', 'PostgreSQL not reachable'),
      skipped('P3', `dashboard, ${label}`, '≤ 300 ms', 'PostgreSQL not reachable'),
      skipped('P6', `start-up to serving, ${label}`, '≤ 1000 ms', 'PostgreSQL not reachable'),
    ];
  }
  const rows = clientRows(id, label, r.clients);
  if (kind === 'pglite') rows[0]!.target += ' (as P1)';
  for (const t of r.api) {
    const ok = t.statuses.length === 1 && t.statuses[0] === 200;
    const row = atMost(
      'P3',
      `${t.call} p95 (${label})`,
      t.p95,
      300,
      ms,
      ok ? '' : ` (status ${t.statuses.join('/')}!)`,
    );
    if (!ok) row.pass = false;
    rows.push(row);
  }
  const fcp = percentile(r.browser.fcpMs, 50);
  rows.push(
    atMost(
      'P3',
      `first contentful paint of / (${label}), median of ${r.browser.fcpMs.length}`,
      fcp,
      1500,
      ms,
      ` (max ${ms(Math.max(...r.browser.fcpMs))})`,
    ),
    atMost(
      'P6',
      `start-up to serving, existing ${label} database, median of ${r.startup.runsMs.length}`,
      r.startup.medianMs,
      kind === 'postgres' ? 1000 : 1500,
      ms,
      ` (max ${ms(Math.max(...r.startup.runsMs))})`,
    ),
  );
  return rows;
}

export function bundleRows(b: BundleResult): Row[] {
  const missing = b.loadedNotCounted.length ? ` (browser also loaded ${b.loadedNotCounted.join(', ')})` : '';
  return [
    atMost('P4', `entry chunk ${b.entry.file}, gzip`, b.entry.kb, 150, kb),
    atMost(
      'P4',
      `JS for the first route (${b.firstRoute.files.length} chunks), gzip`,
      b.firstRoute.kb,
      200,
      kb,
      missing,
    ),
  ];
}

export function gridpaneRows(g: GridPaneResult): Row[] {
  const l = g.limits;
  const figure =
    `GridPane refresh of ${g.sites} sites + ${l.servers} servers (${l.maxPerPage}/page, ${l.endpointLimit} units/` +
    `${l.windowSeconds} s, page cost ${l.listPageCost}) vs its minimum`;
  return [
    atMost(
      'P5',
      figure,
      g.ratio,
      1.2,
      x,
      ` (${g.seconds.toFixed(1)} s vs ${g.minimumSeconds.toFixed(1)} s; ${g.requests} requests, ${g.rateLimited} × 429)`,
    ),
    {
      id: 'P5',
      figure: 'second 429 in a row for one request',
      target: '0',
      measured: g.repeated429.length ? `${g.repeated429.length}: ${g.repeated429.join(', ')}` : '0',
      ratio: null,
      pass: g.repeated429.length === 0,
    },
  ];
}

/**
 * P8: N checks a minute (due-to-start lag p99 ≤ 2 s, ≤ 1 core), against the same at a tenth of the
 * scale (cost must grow linearly).
 */
export function checkRows(big: ChecksResult | null, small: ChecksResult | null, label: string): Row[] {
  if (!big || !small) return [skipped('P8', `own checks, ${label}`, '≤ 2000 ms', 'PostgreSQL not reachable')];
  const runs = `${big.runs.toLocaleString('en-US')} of ${big.expectedRuns.toLocaleString('en-US')} runs`;
  const lag = atMost(
    'P8',
    `${big.checks.toLocaleString('en-US')} checks every 60 s, ${label}: due-to-start lag p99 (${runs}; ${big.failedRuns} failed)`,
    big.lagP99Ms,
    2000,
    ms,
    ` (p50 ${ms(big.lagP50Ms)})`,
  );
  if (big.runs < big.expectedRuns * 0.99) lag.pass = false; // a skipped run is worse than a late one
  const span =
    big.measuredSeconds < 60 ? `${big.measuredSeconds} s` : `${Math.round(big.measuredSeconds / 60)} min`;
  const { retainedStart: a, retainedEnd: b } = big;
  return [
    lag,
    atMost(
      'P8',
      `${big.checks.toLocaleString('en-US')} checks, ${label}: CPU of the Agency Hub process over ${span}`,
      big.cores,
      1,
      (n) => `${n.toFixed(2)} cores`,
    ),
    // Flat memory: what the process keeps after a full GC, at the end against the start. As sampled
    // without a GC, RSS also holds garbage not collected yet; it is shown beside for comparison.
    atMost(
      'P8',
      `${big.checks.toLocaleString('en-US')} checks, ${label}: memory kept after a full GC, after ${span} vs at its start`,
      b.rssMb / a.rssMb,
      1.1,
      x,
      ` (RSS ${a.rssMb.toFixed(0)} MB → ${b.rssMb.toFixed(0)} MB, JS heap ${a.heapUsedMb.toFixed(0)} MB → ` +
        `${b.heapUsedMb.toFixed(0)} MB; without a GC RSS ${big.rssStartMb.toFixed(0)} MB → ` +
        `${big.rssEndMb.toFixed(0)} MB, max ${big.rssMaxMb.toFixed(0)} MB)`,
    ),
    atMost(
      'P8',
      `CPU per run, ${big.checks.toLocaleString('en-US')} vs ${small.checks.toLocaleString('en-US')} checks, ${label}`,
      big.cpuMsPerRun / small.cpuMsPerRun,
      1.2,
      x,
      ` (${big.cpuMsPerRun.toFixed(2)} ms vs ${small.cpuMsPerRun.toFixed(2)} ms)`,
    ),
  ];
}

/**
 * P9: the fleet view and coverage at fleet scale (p95 ≤ 300 ms), and the page of a client with 50
 * websites (≤ 1 s).
 */
export function clientsCentreRows(r: ClientsCentreResult | null, label: string): Row[] {
  if (!r) return [skipped('P9', `fleet view, ${label}`, '≤ 300 ms', 'PostgreSQL not reachable')];
  const sites = r.sites.toLocaleString('en-US');
  const api = (call: string, target: number) => {
    const t = r.api.find((a) => a.call === call)!;
    const row = atMost(
      'P9',
      `GET ${call} p95 at 10 concurrent, ${sites} sites, ${label}`,
      t.p95,
      target,
      ms,
      ` (p50 ${ms(t.p50)}, ${kb(t.bytes / 1024)})`,
    );
    if (t.statuses.some((s) => s !== 200)) row.pass = false;
    return row;
  };
  return [
    api('/api/fleet', 300),
    api('/api/fleet?clientId=2', 300),
    api('/api/fleet/sites?php=7.4', 300),
    api('/api/coverage', 300),
    api('/api/clients/1/websites', 1000),
    atMost(
      'P9',
      `client page with ${r.clientSites} websites in Chromium, until every row is drawn, p95, ${label}`,
      percentile(r.clientPageMs, 95),
      1000,
      ms,
    ),
  ];
}

const mb = (n: number) => `${Math.round(n)} MB`;
const seconds = (n: number) => `${n.toFixed(1)} s`;

/**
 * P10: the fleet's plugins matched against the vulnerability feed (≤ 60 s, ≤ 300 MB over the
 * process's resting size), the feed's import streamed (its peak memory), and the findings list and
 * summary at 10 concurrent (p95 ≤ 100 ms).
 */
export function securityRows(r: SecurityResult | null, label: string): Row[] {
  if (!r) return [skipped('P10', `security match, ${label}`, '≤ 60 s', 'PostgreSQL not reachable')];
  const fleet = `${r.scale.plugins} plugins × ${r.scale.sites.toLocaleString('en-US')} sites (${r.installed.toLocaleString('en-US')} rows, ${r.distinctVersions.toLocaleString('en-US')} distinct versions) vs ${r.import.records.toLocaleString('en-US')} records`;
  const api = (call: string) => {
    const t = r.api.find((a) => a.call === call)!;
    const row = atMost(
      'P10',
      `GET ${call} p95 at 10 concurrent, ${label}`,
      t.p95,
      100,
      ms,
      ` (p50 ${ms(t.p50)}, ${kb(t.bytes / 1024)})`,
    );
    if (t.statuses.some((s) => s !== 200)) row.pass = false;
    return row;
  };
  return [
    atMost(
      'P10',
      `nightly match of ${fleet}, ${label}`,
      r.match.seconds,
      60,
      seconds,
      ` (${r.match.findings.toLocaleString('en-US')} site findings)`,
    ),
    atMost(
      'P10',
      `match's peak memory over its start, ${label}`,
      r.match.peakMb - r.match.startMb,
      300,
      mb,
      ` (${mb(r.match.startMb)} → peak ${mb(r.match.peakMb)})`,
    ),
    atMost(
      'P10',
      `feed import (streamed, then matched) in the app: peak memory over its resting size, ${label}`,
      r.import.peakMb - r.import.restingMb,
      300,
      mb,
      ` (${mb(r.import.restingMb)} → peak ${mb(r.import.peakMb)}; ${seconds(r.import.seconds)} from saving the key)`,
    ),
    ...r.api.map((a) => api(a.call)),
    atMost(
      'P10',
      `first findings page and summary after the data changed (computing what is then kept), ${label}`,
      r.firstReadMs,
      5000,
      ms,
    ),
  ];
}

/** P11: the Backups list and summary at 20,000 websites, 10 concurrent (p95 ≤ 100 ms, as the other lists). */
export function backupRows(r: BackupsResult | null, label: string): Row[] {
  if (!r) return [skipped('P11', `Backups list, ${label}`, '≤ 100 ms', 'PostgreSQL not reachable')];
  const fleet = `${r.scale.sites.toLocaleString('en-US')} websites, ${r.backups.toLocaleString('en-US')} backups`;
  return r.api.map((t) => {
    const row = atMost(
      'P11',
      `GET ${t.call} p95 at 10 concurrent, ${fleet}, ${label}`,
      t.p95,
      100,
      ms,
      ` (p50 ${ms(t.p50)}, ${kb(t.bytes / 1024)})`,
    );
    if (t.statuses.some((s) => s !== 200)) row.pass = false;
    return row;
  });
}

/** P12: one full Kinsta sync against a rate limit vs the least time it allows (≤ 1.2×), never two 429s in a row. */
export function kinstaRows(k: KinstaResult): Row[] {
  const l = k.limits;
  const figure =
    `Kinsta sync of ${l.sites.toLocaleString('en-US')} sites (${k.environments.toLocaleString('en-US')} environments; ` +
    `${l.requests} requests / ${l.windowMs} ms) vs its minimum`;
  return [
    atMost(
      'P12',
      figure,
      k.ratio,
      1.2,
      x,
      ` (${k.seconds.toFixed(1)} s vs ${k.minimumSeconds.toFixed(1)} s; ${k.requests.toLocaleString('en-US')} requests, ${k.rateLimited} × 429)`,
    ),
    {
      id: 'P12',
      figure: 'Kinsta: second 429 in a row for one request',
      target: '0',
      measured: k.repeated429.length ? `${k.repeated429.length}: ${k.repeated429.join(', ')}` : '0',
      ratio: null,
      pass: k.repeated429.length === 0,
    },
  ];
}

export function updatesRows(u: UpdatesResult): Row[] {
  const sc = u.scale;
  const figure =
    `Update run of ${sc.pluginsPerSite} plugins on ${u.sites} sites (${sc.servers} servers, concurrency ${sc.concurrency}; ` +
    `backup ${sc.backupMs / 1000} s, update ${sc.applyMs / 1000} s at the fakes) vs its minimum`;
  return [
    atMost(
      'P13',
      figure,
      u.ratio,
      1.2,
      x,
      ` (${u.seconds.toFixed(1)} s vs ${u.minimumSeconds.toFixed(1)} s; ${u.done} of ${u.sites} sites done, ${u.updates} updates verified)`,
    ),
    {
      id: 'P13',
      figure: 'Update run: writes to GridPane beyond one backup and one WP-CLI run per site',
      target: '0',
      measured: String(u.unplannedWrites),
      ratio: null,
      pass: u.unplannedWrites === 0 && u.done === u.sites,
    },
  ];
}

/**
 * P14: health and the lists while the heaviest background work runs, per design; the in-thread design's
 * figures beside the embedded database's own thread, in the same run.
 */
export function neverSilentRows(results: NeverSilentResult[]): Row[] {
  const rows: Row[] = [];
  const earlier = results.find((r) => r.design === 'app thread');
  const versus = (value: number, before: number | undefined) =>
    before === undefined
      ? ''
      : ` (in the app's thread: ${ms(before)}, ${(before / Math.max(value, 1)).toFixed(1)}×)`;
  for (const r of results) {
    if (r.design === 'app thread') continue;
    const label = r.design === 'PostgreSQL' ? 'PostgreSQL' : 'PGlite';
    const mine = r.design === 'own thread' ? earlier : undefined;
    const where = `${r.scale.sites.toLocaleString('en-US')} sites × ${r.scale.plugins} plugins, ${label}`;
    rows.push(
      atMost(
        'P14',
        `/api/health p99 during the heaviest background work, ${where}`,
        r.health.p99,
        200,
        ms,
        versus(r.health.p99, mine?.health.p99),
      ),
      atMost(
        'P14',
        `/api/health max during that work, ${label}`,
        r.health.max,
        1000,
        ms,
        versus(r.health.max, mine?.health.max),
      ),
    );
    const worst = [...r.lists].sort((a, b) => b.p95 - a.p95)[0];
    rows.push(
      atMost(
        'P14',
        `slowest list call p95 at 10 concurrent during that work (${worst?.call ?? 'none'}), ${label}`,
        worst?.p95 ?? 0,
        150,
        ms,
        versus(worst?.p95 ?? 0, mine?.lists.find((l) => l.call === worst?.call)?.p95),
      ),
    );
    const unanswered = r.health.unanswered + r.listsAll.unanswered;
    const before = mine ? mine.health.unanswered + mine.listsAll.unanswered : undefined;
    rows.push({
      id: 'P14',
      figure: `requests unanswered within 30 s (of ${r.health.requests + r.listsAll.requests}), ${label}`,
      target: '0',
      measured: `${unanswered}${before === undefined ? '' : ` (in the app's thread: ${before})`}`,
      ratio: null,
      pass: unanswered === 0,
    });
    rows.push({
      id: 'P14',
      figure: `the work finished (import and match ${r.work.feedRecords.toLocaleString('en-US')} records, GridPane and Kinsta synced), ${label}`,
      target: 'yes',
      measured: r.work.finished
        ? `yes, in ${r.work.seconds.toFixed(0)} s`
        : `no, after ${r.work.seconds.toFixed(0)} s`,
      ratio: null,
      pass: r.work.finished,
    });
    const over = r.slow.filter((s) => (s.cpuMs ?? s.ms) >= 500);
    rows.push({
      id: 'P14',
      figure: `statements over 500 ms during that work, ${label}`,
      target: '0',
      measured: over.length
        ? `${over.length}: ${over
            .slice(0, 3)
            .map((s) => `${s.name} ${ms(s.cpuMs ?? s.ms)}`)
            .join('; ')}`
        : `0${r.slow.length ? ` (${r.slow.length} over 500 ms of wall time on a busy machine, under in processor time)` : ''}`,
      ratio: null,
      pass: over.length === 0,
    });
  }
  return rows;
}
