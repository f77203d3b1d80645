import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeBetterUptime } from '../../fakes/betteruptime';
import { startFakeEndOfLife } from '../../fakes/endoflife';
import { startFakeGridPane } from '../../fakes/gridpane';
import { startFakeWordfence } from '../../fakes/wordfence';
import { connectWpCli, startFakeWordPress } from '../../fakes/wordpress';
import { startFakeWporg } from '../../fakes/wporg';

const root = path.resolve(import.meta.dirname, '../../..');
export const statePath = path.join(root, '.test-artifacts/e2e-server.json');

export type E2EState = {
  baseURL: string;
  setupUrl: string;
  dataDir: string;
  gridpane: { url: string; token: string; sites: string[]; servers: string[] };
  betteruptime: { url: string; token: string; monitors: number };
  wordpress: { urlTemplate: string; homeUrlTemplate: string; token: string };
  wordfence: { apiKey: string };
};

/**
 * Browser tests run this many at a time, each worker against an app and providers of its own. Two by
 * default: on two cores, one worker's waits (a check going down and up, an update's health checks, a
 * sync) leave a core idle that the other uses.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** What the global setup started: one stack (app, data folder, fake providers) per worker. */
export type E2EStacks = { stacks: E2EState[] };

/**
 * Starts one stack per worker, side by side: the built server (dist/) on a free port and a fresh data
 * folder, in development mode so that forgot-password answers with the DEVELOPMENT MODE link, with
 * fake providers of its own. Each worker's tests see only their stack, so two specs never share a
 * GridPane account or a team. Records each printed setup link for the first-run spec. The returned
 * function stops everything.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Build first: npm run build');
  const used = new Set<number>();
  const started = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startStack(used)));
  const file: E2EStacks = { stacks: started.map((s) => s.state) };
  fs.mkdirSync(path.dirname(statePath), { recursive: true });
  fs.writeFileSync(statePath, JSON.stringify(file));
  process.env.E2E_BASE_URL = file.stacks[0]!.baseURL;
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}

async function startStack(usedPorts: Set<number>): Promise<{ state: E2EState; stop: () => Promise<void> }> {
  // A GridPane account of 40 sites on 5 servers, as the browser tests' provider.
  // Its WP-CLI runs change the fake WordPress sites below (HD Snapshot reports them a moment later).
  const updated: { apply?: ReturnType<typeof connectWpCli> } = {};
  const gridpane = await startFakeGridPane({
    sites: 40,
    servers: 5,
    seed: 11,
    endpointLimit: 1000,
    totalLimit: 1000,
    onWpCli: (site, wp) => updated.apply?.(site, wp),
  });
  const siteUrls = gridpane.fleet.sites.map((s) => String(s.url));
  // Monitors for the same domains, and WordPress sites answering the HD Snapshot contract.
  const betteruptime = await startFakeBetterUptime({ sites: siteUrls, seed: 11 });
  const wordpress = await startFakeWordPress({ domains: siteUrls, seed: 11 });
  updated.apply = connectWpCli(wordpress, { delayMs: 500 });
  // The fleet's reference versions come from these, never from the real wordpress.org.
  const wporg = await startFakeWporg();
  const endOfLife = await startFakeEndOfLife();
  // The vulnerability feed: its fixed records hit plugins and themes the fake sites run.
  const wordfence = await startFakeWordfence({ records: 200, seed: 11 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-e2e-'));
  let port = 4100 + Math.floor(Math.random() * 800);
  while (usedPorts.has(port)) port = 4100 + Math.floor(Math.random() * 800);
  usedPorts.add(port);
  const baseURL = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      DATABASE_URL: '',
      SMTP_URL: '',
      // The checks spec watches a site of its own on loopback.
      ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'warn',
      // The fakes answer at once: look at a host's operations and an update's health without long pauses.
      HOST_POLL_SECONDS: '1',
      UPDATE_POLL_SECONDS: '2',
      UPDATE_HEALTH_SPACING_SECONDS: '2',
      WPORG_API_URL: wporg.url,
      PHP_EOL_URL: endOfLife.phpUrl,
      WORDFENCE_API_URL: wordfence.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const setupUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /(http:\/\/\S+\/setup\?token=[\w-]+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const state: E2EState = {
    baseURL,
    setupUrl,
    dataDir,
    gridpane: {
      url: gridpane.url,
      token: gridpane.token,
      sites: gridpane.fleet.sites.map((s) => String(s.url)),
      servers: gridpane.fleet.servers.map((s) => String(s.label)),
    },
    betteruptime: {
      url: betteruptime.url,
      token: betteruptime.token,
      monitors: betteruptime.monitors.length,
    },
    wordpress: {
      urlTemplate: wordpress.urlTemplate,
      homeUrlTemplate: wordpress.homeUrlTemplate,
      token: wordpress.token,
    },
    wordfence: { apiKey: wordfence.apiKey },
  };
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await Promise.all([
      gridpane.close(),
      betteruptime.close(),
      wordpress.close(),
      wporg.close(),
      endOfLife.close(),
      wordfence.close(),
    ]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { state, stop };
}
