import { startFakeEndOfLife } from './server';

/** Demo entry: `PORT=4014 npx tsx test/fakes/endoflife/main.ts`. Prints PHP_EOL_URL. */
const fake = await startFakeEndOfLife({ port: Number(process.env.PORT || 4014) });
console.log(`Fake endoflife.date listening\n  PHP_EOL_URL=${fake.phpUrl}`);

const stop = () => {
  fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
