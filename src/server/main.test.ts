import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real process: start-up on a fresh data folder, the lock against a second process, clean shutdown.
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

describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('the server process', () => {
  it('starts on an empty data folder, refuses a second process, and stops cleanly on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
    expect(out).toContain(`Agency Hub is running at http://localhost:${port} (production mode`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

    const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port + 1) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `The data folder ${dataDir} is already in use by another Agency Hub process (pid ${server.pid})`,
    );

    const exited = new Promise<number | null>((r) => server!.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'agency-hub.lock'))).toBe(false);
  });
});
