import { startFakeGridPane } from './server';

/**
 * Demo entry: `PORT=4010 npx tsx test/fakes/gridpane/main.ts` (optional SITES, SERVERS, SEED, TOKEN).
 * Prints the base URL and token to paste into the GridPane integration settings.
 */
const env = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : Number(value);
};

const fake = await startFakeGridPane({
  port: env('PORT') ?? 4010,
  sites: env('SITES'),
  servers: env('SERVERS'),
  seed: env('SEED'),
  token: process.env.TOKEN || undefined,
});
console.log(`Fake GridPane listening\n  url:   ${fake.url}\n  token: ${fake.token}`);
console.log(`  fleet: ${fake.fleet.servers.length} servers, ${fake.fleet.sites.length} sites`);

const stop = () => {
  fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
