import { generateFleet } from '../gridpane/fleet';
import { mixedCases, startFakeWordPress } from './server';

/**
 * Demo entry: `PORT=4012 npx tsx test/fakes/wordpress/main.ts` (optional SITES, SERVERS, SEED, TOKEN,
 * MIXED=1 to give a few sites each failure case). Use the same SITES/SERVERS/SEED as the fake GridPane.
 * Prints the address template and global token for the HD Snapshot integration settings.
 */
const env = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : Number(value);
};

const domains = generateFleet({ servers: env('SERVERS'), sites: env('SITES'), seed: env('SEED') }).sites.map(
  (s) => String(s.url),
);
const fake = await startFakeWordPress({
  port: env('PORT') ?? 4012,
  domains,
  seed: env('SEED'),
  token: process.env.TOKEN || undefined,
  cases: process.env.MIXED === '1' ? mixedCases(domains) : undefined,
});
console.log(
  `Fake WordPress (HD Snapshot) listening\n  template: ${fake.urlTemplate}\n  token:    ${fake.token}`,
);
console.log(`  sites: ${domains.length}${process.env.MIXED === '1' ? ' (MIXED: some failure cases)' : ''}`);

const stop = () => {
  fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
