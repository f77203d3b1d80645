import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One line of the results table. `pass` null: not measured (e.g. no PostgreSQL reachable). */
export type Row = {
  id: string;
  figure: string;
  target: string;
  measured: string;
  ratio: number | null;
  pass: boolean | null;
};

export const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
export const pct = (n: number) => `${(n * 100).toFixed(0)}%`;

/** A "≤ target" bar: ratio = measured ÷ target, passing at ≤ 1. */
export function atMost(
  id: string,
  figure: string,
  value: number,
  target: number,
  fmt: (n: number) => string,
  note = '',
): Row {
  const ratio = value / target;
  return { id, figure, target: `≤ ${fmt(target)}`, measured: fmt(value) + note, ratio, pass: ratio <= 1 };
}

/** A "≥ target" bar: ratio = measured ÷ target, passing at ≥ 1. */
export function atLeast(
  id: string,
  figure: string,
  value: number,
  target: number,
  fmt: (n: number) => string,
  note = '',
): Row {
  const ratio = value / target;
  return { id, figure, target: `≥ ${fmt(target)}`, measured: fmt(value) + note, ratio, pass: ratio >= 1 };
}

export const skipped = (id: string, figure: string, target: string, why: string): Row => ({
  id,
  figure,
  target,
  measured: `not measured: ${why}`,
  ratio: null,
  pass: null,
});

const verdict = (r: Row) => (r.pass === null ? 'SKIP' : r.pass ? 'pass' : '**FAIL**');

export function table(rows: Row[]): string {
  const lines = [
    '| # | Figure | Target | Measured | Ratio | Result |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.id} | ${r.figure} | ${r.target} | ${r.measured} | ${r.ratio === null ? '—' : r.ratio.toFixed(2)} | ${verdict(r)} |`,
    ),
  ];
  return lines.join('\n');
}

export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? '?',
    platform: os.platform(),
  };
}

/** Writes bench/results/<date>[-smoke].json and, for a full run, bench/RESULTS.md. Returns the JSON path. */
export function writeResults(
  note: string,
  benchDir: string,
  smoke: boolean,
  rows: Row[],
  details: object,
  seconds: number,
): string {
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(benchDir, 'results', `${date}${smoke ? '-smoke' : ''}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const m = machine();
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date, mode: smoke ? 'smoke' : 'full', seconds, machine: m, note, rows, details }, null, 2)}\n`,
  );
  if (!smoke) {
    const md = [
      '# Benchmark results',
      '',
      `Latest full run of \`npm run bench\` on ${date}: ${m.cpus} cores (${m.cpu}), Node ${m.node}, ` +
        `${Math.round(seconds)} s. Targets: the performance quality bars P1–P6. ` +
        `Raw figures: \`bench/results/${date}.json\`. ${note}`,
      '',
      'Ratio = measured ÷ target: "≤" bars pass at ≤ 1.00, "≥" bars at ≥ 1.00.',
      '',
      table(rows),
      '',
    ].join('\n');
    fs.writeFileSync(path.join(benchDir, 'RESULTS.md'), md);
    showInReadme(path.join(benchDir, '..', 'README.md'), date, table(rows));
  }
  return file;
}

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

/** The README shows the latest full run's table between its two bench markers. */
export function showInReadme(readme: string, date: string, tableText: string): void {
  const text = fs.readFileSync(readme, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) return;
  const section = [
    START,
    `Latest full run (${date}; details, machine and load in [bench/RESULTS.md](bench/RESULTS.md)):`,
    '',
    tableText,
    '',
  ].join('\n');
  fs.writeFileSync(readme, text.slice(0, from) + section + text.slice(to));
}

/**
 * Puts fresh rows of one bar (`--only=p7`) into a full run's tables, in README.md and RESULTS.md,
 * where that bar's rows were: the rest of the run's figures stay as measured.
 */
export function replaceBarRows(file: string, bar: string, rows: Row[]): void {
  if (!fs.existsSync(file)) return;
  const mark = `| ${bar} |`;
  const fresh = table(rows)
    .split('\n')
    .filter((l) => l.startsWith(mark));
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const out: string[] = [];
  let inSection = false;
  let placed = false;
  let lastBarRow = -1;
  for (const line of lines) {
    // A bar's own section (between its markers) is written by that bar's writer, not here.
    if (/^<!-- p\d+:start -->/.test(line)) inSection = true;
    if (/^<!-- p\d+:end -->/.test(line)) inSection = false;
    if (!inSection && line.startsWith(mark)) {
      if (!placed) out.push(...fresh);
      placed = true;
      continue;
    }
    out.push(line);
    if (!inSection && /^\| P\d+ \|/.test(line)) lastBarRow = out.length - 1;
  }
  // A bar measured for the first time goes after the table's last row.
  if (!placed && lastBarRow >= 0 && fresh.length) {
    out.splice(lastBarRow + 1, 0, ...fresh);
    placed = true;
  }
  if (placed) fs.writeFileSync(file, out.join('\n'));
}
