import { defineConfig } from '@playwright/test';
import { E2E_WORKERS } from './test/e2e/support/global-setup';

// Browser tests drive Debian's Chromium headless shell (scripts/chromium.mjs) against the built app. The global setup starts one app (on a
// fresh data folder, with fake providers of its own) per worker, and each worker's specs run one after
// another against its app. Never `npx playwright install`: there is no internet here.
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.test-artifacts/playwright.json' }]],
  outputDir: '.test-artifacts/playwright',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot; the
    // trace leaves out the screencast, which Chromium would encode for every test, failing or not: it
    // was a third of the browser half's CPU on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // As for a person who asked for less motion: the app's fades and slides end at once, so no test waits
    // for them and Chromium paints fewer frames.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /first-run\.spec\.ts/ },
    { name: 'app', testIgnore: /first-run\.spec\.ts/, dependencies: ['setup'] },
  ],
});
