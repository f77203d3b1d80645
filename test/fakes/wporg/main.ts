import { startFakeWporg } from './server';

/** Demo entry: `PORT=4013 npx tsx test/fakes/wporg/main.ts` (optional LATEST). Prints WPORG_API_URL. */
const fake = await startFakeWporg({
  port: Number(process.env.PORT || 4013),
  ...(process.env.LATEST ? { coreLatest: process.env.LATEST } : {}),
});
console.log(
  `Fake wordpress.org listening\n  WPORG_API_URL=${fake.url}\n  latest release: ${fake.state.coreLatest}`,
);

const stop = () => {
  fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
