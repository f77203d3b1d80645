import fs from 'node:fs';
import path from 'node:path';
import { bundleServer } from '../../scripts/server-bundle.mjs';
import { repoRoot } from './server-process';

/**
 * The server bundled as `npm run build` bundles it (scripts/server-bundle.mjs), into a temporary folder: it
 * starts in about half the time of the sources through tsx, which matters when a test restarts it 20
 * times. It sits inside the repository so its imports resolve from node_modules.
 */
export async function buildServerBundle(): Promise<{ entry: string; remove(): void }> {
  const parent = path.join(repoRoot, '.test-artifacts');
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, 'server-bundle-'));
  await bundleServer(dir);
  return {
    entry: path.join(dir, 'main.js'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
