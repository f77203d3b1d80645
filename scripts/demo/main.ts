// `npm run demo`: Agency Hub on a fresh data folder, beside local fake GridPane, Better Uptime,
// WordPress (HD Snapshot), wordpress.org and endoflife.date servers, seeded with a believable agency. The app runs exactly as in
// production; only the provider addresses point at the fakes on this machine.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startFakeBetterUptime } from '../../test/fakes/betteruptime';
import { startFakeEndOfLife } from '../../test/fakes/endoflife';
import { startFakeGridPane } from '../../test/fakes/gridpane';
import { startFakeKinsta } from '../../test/fakes/kinsta';
import { startMailCatcher } from '../../test/fakes/receivers/mail';
import { startFakeTargets } from '../../test/fakes/targets';
import { startFakeWordfence } from '../../test/fakes/wordfence';
import { connectWpCli, mixedCases, startFakeWordPress } from '../../test/fakes/wordpress';
import { startFakeWporg } from '../../test/fakes/wporg';
import { ensureBuilt, root } from '../ensure-build.mjs';
import { seedMonitoring } from './monitoring';
import { apiClient, seedAgency } from './seed';

const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data-demo'));
const base = `http://127.0.0.1:${port}`;
const demoUser = { username: 'demo', email: 'demo@demo-agency.test', password: 'demo-password' };

ensureBuilt();
fs.rmSync(dataDir, { recursive: true, force: true });

const seed = 7;
// GridPane's WP-CLI runs change the demo's WordPress sites: HD Snapshot reports a new version a few
// seconds after an update, as a real site's would.
const updated: { apply?: ReturnType<typeof connectWpCli> } = {};
const gridpane = await startFakeGridPane({
  servers: 8,
  sites: 60,
  seed,
  onWpCli: (site, wp) => updated.apply?.(site, wp),
});
// A second host: a few sites on Kinsta (one with a staging copy), watched and read like the others.
const kinsta = await startFakeKinsta({ sites: 6, seed });
const kinstaDomains = kinsta.state.sites.map((s) => s.environments[0]!.domains[0]!);
const domains = [...gridpane.fleet.sites.map((s) => String(s.url)), ...kinstaDomains];
const uptime = await startFakeBetterUptime({ sites: domains, seed });
const wordpress = await startFakeWordPress({ domains, seed, cases: mixedCases(domains) });
updated.apply = connectWpCli(wordpress, { delayMs: 3_000 });
// Where the fleet view reads the latest WordPress release and PHP's end-of-life dates from, and the
// Security page core's verdict on each release and the plugin directory (one plugin closed, to show it).
const wporg = await startFakeWporg({
  closed: {
    'regenerate-thumbnails': { closedOn: '2026-06-18', reason: 'unused', reasonText: 'Unused' },
  },
});
const endOfLife = await startFakeEndOfLife();
// The vulnerability feed the Security page matches the sites' plugins against.
const wordfence = await startFakeWordfence({ records: 2000, seed });
// Sites our own checks watch, and where their alert emails land.
const targets = await startFakeTargets({ https: true, certDays: 10 });
const mail = await startMailCatcher();
const caFile = path.join(dataDir, '..', '.demo-targets-ca.pem');
fs.writeFileSync(caFile, targets.https!.ca);

const server: ChildProcess = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // The checks' targets are on this machine; the https one is trusted through its own CA.
    ALLOW_PRIVATE_TARGETS: 'true',
    NODE_EXTRA_CA_CERTS: caFile,
    SMTP_URL: mail.smtpUrl,
    WPORG_API_URL: wporg.url,
    PHP_EOL_URL: endOfLife.phpUrl,
    WORDFENCE_API_URL: wordfence.url,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = async (code = 0) => {
  server.kill('SIGTERM');
  await Promise.all([
    gridpane.close(),
    kinsta.close(),
    uptime.close(),
    wordpress.close(),
    wporg.close(),
    endOfLife.close(),
    wordfence.close(),
    targets.close(),
    mail.close(),
  ]);
  process.exit(code);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
server.on('exit', (code) => void stop(code ?? 1));

const setupToken = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /setup\?token=([\w-]+)/.exec(out);
    if (m) resolve(m[1]!);
  });
  setTimeout(() => reject(new Error(`The server did not start:\n${out}`)), 60_000).unref();
});

try {
  const api = apiClient(base);
  await api.call('POST', '/api/auth/setup', { token: setupToken, ...demoUser });
  await api.call('POST', '/api/integrations/gridpane', {
    baseUrl: gridpane.url,
    accessToken: gridpane.token,
  });
  await api.call('POST', '/api/integrations/kinsta', { apiKey: kinsta.apiKey, baseUrl: kinsta.url });
  await api.call('POST', '/api/integrations/betteruptime', { apiToken: uptime.token, baseUrl: uptime.url });
  await api.call('POST', '/api/integrations/hdsnapshot', {
    globalToken: wordpress.token,
    urlTemplate: wordpress.urlTemplate,
  });
  await api.call('POST', '/api/integrations/wordfence', { apiKey: wordfence.apiKey });
  // The first GridPane sync runs in the background (the list answers at once and says how far it
  // is); the websites must exist before tags and tasks are given to them.
  for (let tries = 0; ; tries++) {
    const sites = await api.call<{ syncedAt: string | null; progress: unknown }>(
      'GET',
      '/api/sites?pageSize=1',
    );
    if (sites.syncedAt && !sites.progress) break;
    if (tries > 600) throw new Error('The first GridPane sync did not finish within two minutes.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await seedAgency(api);
  await seedMonitoring(api, targets);
} catch (err) {
  console.error('The demo could not be seeded:', err);
  await stop(1);
}

console.log(`
Agency Hub demo is running at http://localhost:${port}
  Sign in as "${demoUser.username}" with the password "${demoUser.password}".
  Providers are local fakes: GridPane (8 servers, 60 sites), Kinsta (${kinsta.state.sites.length} sites), Better Uptime (${uptime.monitors.length} monitors),
  WordPress sites answering HD Snapshot (a few with plugin problems on purpose), and wordpress.org
  and endoflife.date, read for the fleet's reference versions (latest WordPress ${wporg.state.coreLatest}).
  Uptime figures and 30-day history fill in within a minute or two. Data folder: ${dataDir}
  Our own checks watch 13 sites every 30 s: one is down (an incident and an email within two minutes),
  one flaps, one is slow (in a maintenance window), one's certificate expires in 10 days.
  Alert emails arrive in the demo's mail catcher: ${mail.webUrl}
  Press Ctrl+C to stop.`);
