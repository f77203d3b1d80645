// The rows of P7 (the lists at fleet scale) in the results table and its own section of
// bench/RESULTS.md (both fleets side by side).
import fs from 'node:fs';
import path from 'node:path';
import { percentile } from './p3-dashboard';
import type { FleetResult } from './p7-fleet';
import { atMost, ms, type Row, skipped } from './report';

const median = (xs: number[]) => percentile(xs, 50);
const kb = (n: number) => `${n.toFixed(1)} KB`;
const mb = (n: number) => `${n.toFixed(1)} MB`;
const x = (n: number) => `${n.toFixed(2)}×`;
const sites = (r: FleetResult) => r.scale.sites.toLocaleString('en-US');

/** P7 on one database: the big fleet's absolute figures, and big ÷ small ratios. */
export function fleetRows(big: FleetResult | null, small: FleetResult | null, label: string): Row[] {
  if (!big || !small)
    return [skipped('P7', `fleet lists, ${label}`, '≤ 1000 ms', 'PostgreSQL not reachable')];
  const rows: Row[] = [];
  for (const p of big.pages) {
    const q = small.pages.find((s) => s.path === p.path)!;
    const first = median(p.firstRowsMs);
    rows.push(
      atMost('P7', `${p.path} first rows at ${sites(big)} sites, ${label} (median)`, first, 1000, ms),
      atMost(
        'P7',
        `${p.path} first rows ${sites(big)} ÷ ${sites(small)}, ${label}`,
        first / median(q.firstRowsMs),
        1.3,
        x,
        ` (${ms(first)} vs ${ms(median(q.firstRowsMs))})`,
      ),
      atMost('P7', `${p.path} API JSON per page view at ${sites(big)}, ${label}`, p.apiKB, 300, kb),
    );
  }
  rows.push(
    atMost('P7', `JS heap after every list page at ${sites(big)}, ${label}`, big.heapAfterAllMB, 60, mb),
  );
  for (const c of big.calls) {
    const ok = c.statuses.length === 1 && c.statuses[0] === 200;
    const row = atMost(
      'P7',
      `${c.call} p95 at 10 concurrent, ${sites(big)}, ${label}`,
      c.p95,
      100,
      ms,
      ok ? '' : ` (statuses ${c.statuses.join(',')}!)`,
    );
    if (!ok) row.pass = false;
    rows.push(row);
  }
  const w = big.sync.writes;
  if (w) {
    const idle = ` (p95 ${ms(w.duringSync.p95)}, ${w.duringSync.count} writes during a ${w.syncS.toFixed(1)} s re-sync; with no sync: max ${ms(w.idle.max)}, p50 ${ms(w.idle.p50)})`;
    rows.push(
      atMost(
        'P7',
        `a person's write during a ${sites(big)}-site re-sync, ${label}, longest`,
        w.duringSync.max,
        100,
        ms,
        idle,
      ),
    );
  }
  rows.push(
    atMost(
      'P7',
      `full sync ${sites(big)} ÷ ${sites(small)}, ${label}`,
      big.sync.totalS / small.sync.totalS,
      11,
      x,
      ` (${big.sync.totalS.toFixed(1)} s vs ${small.sync.totalS.toFixed(1)} s)`,
    ),
  );
  return rows;
}

/** Every figure of both fleets, for the P7 section of RESULTS.md. */
export function fleetTable(results: FleetResult[]): string {
  const lines: string[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    const mine = results.filter((r) => r.kind === kind).sort((a, b) => a.scale.sites - b.scale.sites);
    if (mine.length < 2) continue;
    const [s, b] = [mine[0]!, mine[mine.length - 1]!];
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    lines.push(
      `### ${label}: ${sites(s)} vs ${sites(b)} sites (${s.scale.servers.toLocaleString('en-US')} vs ${b.scale.servers.toLocaleString('en-US')} servers, ${s.scale.monitors.toLocaleString('en-US')} vs ${b.scale.monitors.toLocaleString('en-US')} monitors)`,
      '',
      `| Figure | ${sites(s)} | ${sites(b)} | ${sites(b)} ÷ ${sites(s)} |`,
      '|---|---|---|---|',
      `| Full sync (GridPane + Better Uptime, pacing off) | ${s.sync.totalS.toFixed(2)} s | ${b.sync.totalS.toFixed(2)} s | ${x(b.sync.totalS / s.sync.totalS)} |`,
      `| — of which GridPane (servers, sites, websites) | ${s.sync.gridpaneS.toFixed(2)} s | ${b.sync.gridpaneS.toFixed(2)} s | ${x(b.sync.gridpaneS / s.sync.gridpaneS)} |`,
      `| — of which Better Uptime monitors | ${s.sync.monitorsS.toFixed(2)} s | ${b.sync.monitorsS.toFixed(2)} s | ${x(b.sync.monitorsS / s.sync.monitorsS)} |`,
    );
    for (const p of b.pages) {
      const q = s.pages.find((o) => o.path === p.path)!;
      lines.push(
        `| ${p.path}: first rows visible (median) | ${ms(median(q.firstRowsMs))} | ${ms(median(p.firstRowsMs))} | ${x(median(p.firstRowsMs) / median(q.firstRowsMs))} |`,
        `| ${p.path}: API JSON per page view | ${kb(q.apiKB)} | ${kb(p.apiKB)} | ${x(p.apiKB / q.apiKB)} |`,
        `| ${p.path}: JS heap after load | ${mb(q.heapMB)} | ${mb(p.heapMB)} | ${x(p.heapMB / q.heapMB)} |`,
      );
    }
    lines.push(
      `| JS heap after every list page in one tab | ${mb(s.heapAfterAllMB)} | ${mb(b.heapAfterAllMB)} | ${x(b.heapAfterAllMB / s.heapAfterAllMB)} |`,
    );
    for (const c of b.calls) {
      const d = s.calls.find((o) => o.call === c.call);
      lines.push(
        `| \`${c.call}\` p95 (p50), 10 concurrent | ${d ? `${ms(d.p95)} (${ms(d.p50)})` : '—'} | ${ms(c.p95)} (${ms(c.p50)}) | ${d ? x(c.p95 / d.p95) : '—'} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

const START = '<!-- p7:start -->';
const END = '<!-- p7:end -->';

/** Writes (or replaces) the P7 section of bench/RESULTS.md. */
export function writeFleetSection(benchDir: string, body: string): void {
  const file = path.join(benchDir, 'RESULTS.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const section = `${START}\n${body}\n${END}`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + END.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, next);
}
