import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium against the built app, started once by the global setup on a
// fresh data folder. Never `npx playwright install`: there is no internet here.
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.test-artifacts/playwright.json' }]],
  outputDir: '.test-artifacts/playwright',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
