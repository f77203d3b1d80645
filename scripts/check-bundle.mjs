// `npm run check:bundle` (after `node scripts/build.mjs`): the web bundle budget on dist/web,
// deterministic.
// Prints the gzip sizes and exits 1 when the entry chunk or the first route is over budget.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGETS, bundleSizes } from './bundle-sizes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'dist/web');

let sizes;
try {
  sizes = bundleSizes(webDir);
} catch (err) {
  console.error(`check:bundle: cannot read ${webDir} (run \`node scripts/build.mjs\` first): ${err.message}`);
  process.exit(2);
}

const kb = (n) => `${n.toFixed(1)} KB`;
const line = (label, value, budget, ok) =>
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label.padEnd(34)} ${kb(value).padStart(10)}  (budget ${budget} KB)`);

console.log('JavaScript, gzip (the bundle budget):');
line(`entry chunk ${sizes.entry.file}`, sizes.entry.kb, BUDGETS.entryKb, sizes.entry.ok);
line(
  `first route (${sizes.firstRoute.files.length} chunks)`,
  sizes.firstRoute.kb,
  BUDGETS.firstRouteKb,
  sizes.firstRoute.ok,
);
console.log(`     eager (entry + modulepreloads)     ${kb(sizes.eager.kb).padStart(10)}`);
console.log('Largest chunks of the first route:');
for (const c of sizes.largest) console.log(`     ${c.file.padEnd(34)} ${kb(c.kb).padStart(10)}`);

if (!sizes.entry.ok || !sizes.firstRoute.ok) {
  console.error('\nOver the bundle budget: make heavy parts lazy (src/web/app/lazy-pages.ts).');
  process.exit(1);
}
