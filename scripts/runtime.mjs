// Agency Hub runs on Node 22 LTS (pg-boss and parts of Fastify need >= 22.12). `npm ci` installs it
// into node_modules (npm package `node`), and npm scripts find it first on PATH; a script started some
// other way on an older Node (say `node scripts/start.mjs` on a machine's Node 20) restarts itself on
// that Node, so nobody has to install one by hand.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIN_NODE = [22, 12];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bundledNode = path.join(root, 'node_modules/.bin/node');

export function isSupported(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

/** On an older Node, runs this same script again on the bundled Node 22 and exits with its status. */
export function ensureSupportedNode() {
  if (isSupported()) return;
  if (!fs.existsSync(bundledNode) || process.env.AGENCY_HUB_REEXEC) {
    console.error(
      `Agency Hub needs Node ${MIN_NODE.join('.')} or later (this is ${process.version}). ` +
        'Run `npm ci` first: it installs Node 22 into node_modules.',
    );
    process.exit(1);
  }
  const r = spawnSync(bundledNode, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      AGENCY_HUB_REEXEC: '1',
      PATH: `${path.dirname(bundledNode)}${path.delimiter}${process.env.PATH ?? ''}`,
    },
  });
  process.exit(r.status ?? 1);
}
