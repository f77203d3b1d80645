// Builds the web app (Vite → dist/web) and the server (esbuild → dist/server), then stamps the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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

await build({
  entryPoints: {
    main: path.join(root, 'src/server/main.ts'),
    'user-create': path.join(root, 'src/server/cli/user-create.ts'),
  },
  outdir: path.join(dist, 'server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies are bundled too: one file loads faster than hundreds (quality bar P6, start-up).
  // PGlite (its WebAssembly and data files sit beside its module) and the native argon2 stay packages.
  external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native'],
  // Bundled CommonJS dependencies call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __ahRequire } from 'node:module'; const require = __ahRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(dist, 'server/migrations'), {
  recursive: true,
});
fs.writeFileSync(path.join(dist, 'BUILD'), `${new Date().toISOString()}\n`);
console.log('Built dist/web and dist/server.');
