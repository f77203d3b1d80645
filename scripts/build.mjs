// Builds the web app (Vite → dist/web) and the server (esbuild → dist/server), then stamps the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

fs.rmSync(path.join(dist, 'server'), { recursive: true, force: true });
const vite = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (vite.status !== 0) process.exit(vite.status ?? 1);

await bundleServer(path.join(dist, 'server'), {
  main: 'src/server/main.ts',
  'user-create': 'src/server/cli/user-create.ts',
});
fs.writeFileSync(path.join(dist, 'BUILD'), `${new Date().toISOString()}\n`);
console.log('Built dist/web and dist/server.');
