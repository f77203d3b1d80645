import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { bundleServer } from '../../scripts/server-bundle.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's server bundle (see buildRunBundle). */
    serverBundleDir: string;
  }
}

/**
 * The server bundled as `npm run build` bundles it (scripts/server-bundle.mjs), once per test run by the
 * global setup: it starts in about half the time of the sources through tsx, which matters when tests
 * start it dozens of times, and each file that starts it no longer bundles it again. It sits inside the
 * repository so its imports resolve from node_modules; the global setup removes it at the end.
 */
export async function buildRunBundle(): Promise<{ dir: string; remove(): void }> {
  const parent = path.join(repoRoot, '.test-artifacts');
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, 'server-bundle-'));
  await bundleServer(dir, { main: 'src/server/main.ts', 'user-create': 'src/server/cli/user-create.ts' });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** This run's bundled entry points: the server (`main`) and the user:create command. */
export function serverBundle(): { main: string; userCreate: string } {
  const dir = inject('serverBundleDir');
  if (!dir || !fs.existsSync(path.join(dir, 'main.js')))
    throw new Error(`No server bundle at ${dir}: the test run's global setup builds it.`);
  return { main: path.join(dir, 'main.js'), userCreate: path.join(dir, 'user-create.js') };
}
