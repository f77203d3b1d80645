import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBundle } from '../../test/support/server-bundle';

// The real process, bundled as `npm run build` bundles it: start-up on a fresh data folder, the lock
// against a second process, clean shutdown.
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-main-'));
const port = 4900 + Math.floor(Math.random() * 90);
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
};

/** Starts the server on dataDir and resolves with its output once it asks for the first account. */
async function start(): Promise<{ out: () => string }> {
  server = spawn(process.execPath, [serverBundle().main], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('/setup?token=')) resolve();
    };
    server!.stdout!.on('data', onData);
    server!.stderr!.on('data', onData);
    server!.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return { out: () => out };
}

async function stop(): Promise<number | null> {
  const exited = new Promise<number | null>((r) => server!.once('exit', (code) => r(code)));
  server!.kill('SIGTERM');
  return exited;
}

/** Every folder and file in the data folder (the folder too), with its permission bits. */
function modes(): { entry: string; mode: number }[] {
  const all = [{ entry: '.', mode: fs.statSync(dataDir).mode & 0o777 }];
  for (const entry of fs.readdirSync(dataDir, { recursive: true }) as string[])
    all.push({ entry, mode: fs.lstatSync(path.join(dataDir, entry)).mode & 0o777 });
  return all;
}
const openToOthers = () => modes().filter((m) => m.mode & 0o077);

describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('the server process', () => {
  it('starts on an empty data folder, refuses a second process, and stops cleanly on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    const out = (await start()).out();
    expect(out).toContain(`Agency Hub is running at http://localhost:${port} (production mode`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

    const second = spawnSync(process.execPath, [serverBundle().main], {
      cwd: root,
      env: { ...env, PORT: String(port + 1) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `The data folder ${dataDir} is already in use by another Agency Hub process (pid ${server!.pid})`,
    );

    // The database, its WAL and the secret key are private to the user running the server.
    expect(openToOthers()).toEqual([]);
    expect(modes()).toContainEqual({ entry: 'secret.key', mode: 0o600 });
    expect(modes()).toContainEqual({ entry: 'pglite/global/pg_control', mode: 0o600 });
    expect(out).not.toContain('private to this user');

    expect(await stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'agency-hub.lock'))).toBe(false);
    expect(openToOthers()).toEqual([]);
  });

  it('makes a data folder an older version left open to everyone private, and says so once', {
    timeout: 90_000,
  }, async () => {
    for (const { entry } of modes()) {
      const p = path.join(dataDir, entry);
      fs.chmodSync(p, fs.statSync(p).isDirectory() ? 0o777 : 0o666);
    }
    const loose = openToOthers().length;
    expect(loose).toBeGreaterThan(900);
    const first = await start();
    expect(first.out()).toContain(
      `"msg":"Made ${loose} entries of the data folder ${dataDir} private to this user (folders 0700, files 0600): they were open to its group or to others."`,
    );
    expect(openToOthers()).toEqual([]);
    expect(await stop()).toBe(0);

    const again = await start();
    expect(again.out()).not.toContain('private to this user');
    expect(await stop()).toBe(0);
  });
});
