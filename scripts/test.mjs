// `npm test`: the whole suite. Unit and API tests (Vitest; on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests (Playwright + Chromium, obtained first when the
// machine has none: scripts/chromium.mjs) against a fresh build. Ends with one summary line,
// "Tests: N passed, N failed", counting both halves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { ensureSupportedNode } from './runtime.mjs';

ensureSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = path.join(root, '.test-artifacts');
fs.mkdirSync(artifacts, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (cmd, args, env = process.env) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(artifacts, file), 'utf8'));
  } catch {
    return undefined;
  }
};

const only = process.argv[2]; // "unit" or "e2e" to run one half
console.log(`== tests on Node ${process.version}`);
let passed = 0;
let failed = 0;
let skipped = 0;
let status = 0;

if (only !== 'e2e') {
  fs.rmSync(path.join(artifacts, 'vitest.json'), { force: true });
  status ||= run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=.test-artifacts/vitest.json',
  ]);
  const v = readJson('vitest.json');
  if (v) {
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests + v.numTodoTests;
  } else failed += 1; // the runner itself failed
}

if (only !== 'unit') {
  const chromium = ensureChromium();
  if (!chromium.path) {
    // Counted as a failure: the browser tests are never left out silently.
    console.error(`\nThe browser tests could not run: ${chromium.reason}`);
    failed += 1;
    status ||= 1;
  } else {
    console.log(`== browser tests on ${chromium.path}`);
    const built = run(process.execPath, [path.join(root, 'scripts/build.mjs')]);
    if (built !== 0) {
      failed += 1;
      status ||= built;
    } else {
      fs.rmSync(path.join(artifacts, 'playwright.json'), { force: true });
      // Run even when the unit half failed: the closing line counts both halves.
      const code = run(bin('playwright'), ['test'], { ...process.env, CHROMIUM_PATH: chromium.path });
      status ||= code;
      const p = readJson('playwright.json');
      if (p) {
        passed += p.stats.expected;
        failed += p.stats.unexpected + (p.stats.flaky ?? 0);
        skipped += p.stats.skipped ?? 0;
        if (p.stats.expected === 0) {
          console.error('\nNo browser test ran.');
          failed += 1;
        }
      } else failed += 1;
    }
  }
}

if (failed > 0) status ||= 1;
// Skipped tests are told, never hidden in the passed count.
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status);
