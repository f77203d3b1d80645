import { startFakeRdap } from './server';

/**
 * Demo entry: `PORT=4021 npx tsx test/fakes/rdap/main.ts`. Prints the bootstrap URL to configure in
 * place of IANA's. Every .com/.net/.org/.uk/.dev/.test domain answers with a stable expiry date.
 */
const port = process.env.PORT ? Number(process.env.PORT) : 4021;
const rdap = await startFakeRdap({ port });
console.log(`Fake RDAP listening\n  bootstrap: ${rdap.bootstrapUrl}`);

const stop = () => {
  rdap.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
