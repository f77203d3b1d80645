// `npm start`: builds when there is no build (or the sources are newer), then runs the server in
// production mode. `npm run user:create -- …` runs the user command the same way.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist/BUILD');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newestMtime(path.join(root, 'src'));
if (!built) {
  console.log('Building Agency Hub (first start or changed sources)…');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
const entry = process.argv[2] === 'user:create' ? 'user-create.js' : 'main.js';
if (entry === 'user-create.js') process.argv.splice(2, 1);
await import(path.join(root, 'dist/server', entry));
