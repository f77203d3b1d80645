#!/usr/bin/env node
// Dependency advisories for what `npm ci` installed. The registry's advisory endpoint answers the
// check where it is reachable: a high or critical advisory for a package the app runs fails the step.
// Where the endpoint cannot be asked (a mirror that refuses it, no network), the step says so and
// passes: an unknown is reported as unknown, never as "no advisories".
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  encoding: 'utf8',
  timeout: 120_000,
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  // npm's message names the method and address after the status: the status says enough.
  const said = report?.message ?? report?.error?.summary ?? run.stderr ?? '';
  const why =
    said
      .split('\n')
      .find((l) => l.trim())
      ?.replace(/ - [A-Z]+ \S+$/, '') || 'no answer';
  console.log(`== dependency advisories: not known here (the registry's advisory endpoint: ${why.trim()})`);
  process.exit(0);
}
const line = Object.entries(counts)
  .filter(([k]) => k !== 'total')
  .map(([k, v]) => `${v} ${k}`)
  .join(', ');
console.log(`== dependency advisories (packages the app runs): ${line}`);
if ((counts.high ?? 0) + (counts.critical ?? 0) > 0) {
  console.log('A high or critical advisory: run `npm audit --omit=dev` for the packages and fixes.');
  process.exit(1);
}
