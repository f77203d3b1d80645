import { startFakeWordfence } from './server';

/**
 * Demo entry: `PORT=4015 npx tsx test/fakes/wordfence/main.ts` (optional RECORDS, SEED, KEY). Prints
 * WORDFENCE_API_URL and the key to paste into the Wordfence Intelligence settings.
 */
const env = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : Number(value);
};

const fake = await startFakeWordfence({
  port: env('PORT') ?? 4015,
  records: env('RECORDS'),
  seed: env('SEED'),
  apiKey: process.env.KEY || undefined,
});
console.log(`Fake Wordfence Intelligence listening\n  WORDFENCE_API_URL=${fake.url}\n  key: ${fake.apiKey}`);
console.log(`  records: ${fake.total} (${fake.fixed.length} fixed)`);

const stop = () => {
  fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
