// `npm test`: the whole suite. Unit and API tests (Vitest; on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests (Playwright + Debian's Chromium) against a fresh
// build. Ends with one summary line, "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = path.join(root, '.test-artifacts');
fs.mkdirSync(artifacts, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (cmd, args) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(artifacts, file), 'utf8'));
  } catch {
    return undefined;
  }
};

const only = process.argv[2]; // "unit" or "e2e" to run one half
let passed = 0;
let failed = 0;
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
  } else failed += 1; // the runner itself failed
}

if (only !== 'unit') {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.error(`\nBrowser tests need Chromium at ${chromium} (Debian: apt-get install -y chromium).`);
    failed += 1;
    status ||= 1;
  } else {
    const built = run(process.execPath, [path.join(root, 'scripts/build.mjs')]);
    if (built !== 0) {
      failed += 1;
      status ||= built;
    } else {
      fs.rmSync(path.join(artifacts, 'playwright.json'), { force: true });
      status ||= run(bin('playwright'), ['test']);
      const p = readJson('playwright.json');
      if (p) {
        passed += p.stats.expected;
        failed += p.stats.unexpected + (p.stats.flaky ?? 0);
      } else failed += 1;
    }
  }
}

if (failed > 0) status ||= 1;
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(status);
