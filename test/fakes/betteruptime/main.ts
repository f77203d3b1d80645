import { generateFleet } from '../gridpane/fleet';
import { startFakeBetterUptime } from './server';

/**
 * Demo entry: `PORT=4011 npx tsx test/fakes/betteruptime/main.ts` (optional SITES, SERVERS, SEED, TOKEN).
 * Use the same SITES/SERVERS/SEED as the fake GridPane so every site gets its monitor. Prints the base
 * URL and token to paste into the Better Uptime integration settings.
 */
const env = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : Number(value);
};

const fleet = generateFleet({ servers: env('SERVERS'), sites: env('SITES'), seed: env('SEED') });
const fake = await startFakeBetterUptime({
  port: env('PORT') ?? 4011,
  sites: fleet.sites.map((s) => String(s.url)),
  seed: env('SEED'),
  token: process.env.TOKEN || undefined,
});
console.log(`Fake Better Uptime listening\n  url:   ${fake.url}\n  token: ${fake.token}`);
console.log(`  monitors: ${fake.monitors.length} (${fleet.sites.length} sites + extras)`);

const stop = () => {
  fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
