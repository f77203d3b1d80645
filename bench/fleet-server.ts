// `npx tsx bench/fleet-server.ts [--sites=20000] [--postgres=URL]`: the built app on a fresh PGlite data
// folder (or an empty PostgreSQL database) holding a fleet of the bench's size (servers and monitors in
// the proportions of P7, the lists-at-scale benchmark; clients and tasks too), for looking at the lists
// at scale by hand or with scripts/screenshots.mjs. Prints the address and the sign-in; Ctrl+C stops it
// and removes the data folder.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedFleet } from './p7-fleet';
import { snapshotDist, startApp } from './processes';
import { benchUser } from './seed';

const { values } = parseArgs({
  options: { sites: { type: 'string', default: '20000' }, postgres: { type: 'string' } },
});
const sites = Number(values.sites);
if (!Number.isInteger(sites) || sites < 10) throw new Error('--sites takes a whole number of at least 10');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-hub-fleet-'));
const secretKey = randomBytes(32).toString('hex');
const target = values.postgres
  ? { kind: 'postgres' as const, url: values.postgres, dataDir }
  : { kind: 'pglite' as const, url: '', dataDir };
const [servers, others] = [Math.ceil(sites / 10), Math.ceil(sites / 20)];
const scale = { sites, servers, monitors: sites, clients: others, tasks: others };
console.log(
  `Syncing ${sites} sites, ${scale.servers} servers and ${scale.monitors} monitors into ${dataDir}…`,
);
const sync = await seedFleet(target, scale, secretKey);
console.log(`Synced in ${sync.totalS.toFixed(1)} s.`);
const app = await startApp(snapshotDist(), target, secretKey);
console.log(`Agency Hub at ${app.url}: sign in as ${benchUser.username} / ${benchUser.password}`);

const stop = async () => {
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
