import { writeFileSync } from 'node:fs';
import { startFakeTargets } from './server';

/**
 * Demo and benchmark entry: `PORT=4020 npx tsx test/fakes/targets/main.ts` (optional HTTPS_PORT,
 * CERT_DAYS, SLOW_MS, FLAP_SECONDS, CA_FILE to write the certificate to, for NODE_EXTRA_CA_CERTS).
 * Prints the addresses; the paths are listed in routes.ts.
 */
const number = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : Number(value);
};

const targets = await startFakeTargets({
  port: number('PORT') ?? 4020,
  https: true,
  httpsPort: number('HTTPS_PORT'),
  certDays: number('CERT_DAYS'),
  slowMs: number('SLOW_MS'),
  flapPeriodMs: (number('FLAP_SECONDS') ?? 60) * 1000,
});
if (process.env.CA_FILE && targets.https) writeFileSync(process.env.CA_FILE, targets.https.ca);
console.log(`Fake check targets listening\n  http:  ${targets.url}/up`);
if (targets.https) {
  console.log(
    `  https: ${targets.https.url}/up (certificate valid until ${targets.https.validTo.toISOString()})`,
  );
  console.log(`  https, expired certificate: ${targets.https.expiredUrl}/up`);
}

const stop = () => {
  targets.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
