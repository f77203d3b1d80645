import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const alias = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@web': path.resolve(import.meta.dirname, 'src/web'),
};

const SERVER_TESTS = ['src/server/**/*.test.ts', 'test/server/**/*.test.ts'];

/**
 * Server test files that replace a module (`vi.mock`): they need a module graph of their own. Every
 * other server test file shares its worker's (no isolation), so the server's few thousand modules are
 * imported once per worker rather than once per file, which was a third of the suite's time. Found by
 * reading the files, so a new file that mocks a module is isolated without anyone listing it.
 */
const mockingFiles = ['src/server', 'test/server']
  .flatMap((dir) =>
    (fs.readdirSync(path.join(import.meta.dirname, dir), { recursive: true }) as string[]).map((f) =>
      path.join(dir, f),
    ),
  )
  .filter(
    (f) =>
      f.endsWith('.test.ts') &&
      /\bvi\.(do)?mock\(/.test(fs.readFileSync(path.join(import.meta.dirname, f), 'utf8')),
  );

/**
 * Files that run real processes against the clock (several instances sharing PostgreSQL, a killed
 * instance, a schedule a minute apart) mostly wait: each takes one to five minutes with little CPU. They
 * start first, so the rest of the suite runs on the other workers meanwhile instead of after them.
 */
const WAITING = /[\\/]test[\\/]server[\\/](scale-out|reliability)[\\/]/;
class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const waits = (f: TestSpecification) => WAITING.test(f.moduleId);
    return [...sorted.filter(waits), ...sorted.filter((f) => !waits(f))];
  }
}

/** One database's projects: its shared-module files, then the files that mock modules, isolated. */
const onDatabase = (name: string, kind: 'pglite' | 'postgres', include: string[]) => [
  {
    extends: true as const,
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, ...mockingFiles],
      isolate: false,
      env: { TEST_DB_KIND: kind },
    },
  },
  {
    extends: true as const,
    test: { name: `${name}-isolated`, include: mockingFiles, env: { TEST_DB_KIND: kind } },
  },
];

// Unit and API tests run on PGlite; with TEST_DATABASE_URL set, the server's tests run a second time on
// PostgreSQL, so both databases are proven by one `npm test`. The web's tests (jsdom, some mocking
// modules) keep one module graph per file.
export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    // Most tests wait on databases, child processes and timers rather than compute, and the few that
    // run several instances wait for minutes: four files at a time on a 2-core machine (the default there
    // is one) keep both cores busy while those wait.
    maxWorkers: 4,
    sequence: { sequencer: WaitingFirst },
    hookTimeout: 60_000,
    projects: [
      ...onDatabase('pglite', 'pglite', [...SERVER_TESTS, 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts']),
      { extends: true, test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}'] } },
      ...(process.env.TEST_DATABASE_URL ? onDatabase('server-postgres', 'postgres', SERVER_TESTS) : []),
    ],
  },
});
