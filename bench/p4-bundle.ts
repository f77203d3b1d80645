// P4 (entry chunk ≤ 150 KB gzip, first route ≤ 200 KB): gzip sizes of the entry chunk and the first
// route's JavaScript, the same computation as
// `npm run check:bundle`, plus a cross-check against the scripts Chromium really loaded for /.
import path from 'node:path';
import { BUDGETS, type BundleSizes, bundleSizes } from '../scripts/bundle-sizes.mjs';

export { BUDGETS };

export type BundleResult = BundleSizes & { loadedNotCounted: string[] };

/** `loaded`: file names of the scripts the browser fetched for / (from the dashboard pass), if any. */
export function measureBundle(dist: string, loaded: string[] = []): BundleResult {
  const sizes = bundleSizes(path.join(dist, 'web'));
  const counted = new Set(sizes.firstRoute.files);
  return { ...sizes, loadedNotCounted: loaded.filter((f) => !counted.has(f)) };
}
