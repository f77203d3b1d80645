import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@web': path.resolve(import.meta.dirname, 'src/web'),
};

// Unit and API tests run on PGlite; with TEST_DATABASE_URL set, the server's tests run a second time on
// PostgreSQL, so both databases are proven by one `npm test`.
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'server-postgres',
          include: ['src/server/**/*.test.ts', 'test/server/**/*.test.ts'],
          env: { TEST_DB_KIND: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    // Most tests wait on databases, child processes and timers rather than compute: three files at a
    // time on a 2-core machine halve the wall time (the default there is one).
    maxWorkers: 3,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['src/**/*.test.{ts,tsx}', 'test/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      ...postgres,
    ],
  },
});
