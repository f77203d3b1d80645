import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * A private copy of dist/ (others may rebuild it while the bench runs), with node_modules linked so
 * the bundled server resolves its packages. Returns the folder holding server/ and web/.
 */
export function snapshotDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-hub-bench-'));
  fs.cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return path.join(dir, 'dist');
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type Spawned = { url: string; child: ChildProcess; stderr: () => string; stop: () => Promise<void> };

/**
 * Starts a Node process listening on `port`; stdout is discarded (request logs) unless `onStdoutLine`
 * wants its lines, stderr kept for errors.
 */
export function spawnNode(
  args: string[],
  env: Record<string, string>,
  port: number,
  onStdoutLine?: (line: string) => void,
): Spawned {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', onStdoutLine ? 'pipe' : 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  if (onStdoutLine) {
    let partial = '';
    child.stdout!.on('data', (d: Buffer) => {
      const lines = (partial + d.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onStdoutLine(line);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls GET /api/health until it answers 200; returns the ms since `since` (performance.now()). */
export async function waitForHealth(s: Spawned, since: number, timeoutMs = 30_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    if (s.child.exitCode !== null) throw new Error(`The server exited (${s.child.exitCode}):\n${s.stderr()}`);
    try {
      const res = await fetch(`${s.url}/api/health`);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`No answer from ${s.url}/api/health within ${timeoutMs} ms:\n${s.stderr()}`);
}

/** Environment of `node dist/server/main.js` for one database: production mode, no background syncs. */
export function appEnv(target: DbTarget, secretKey: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SECRET_KEY: secretKey,
    REFRESH_INTERVAL_MINUTES: '0',
    ...(target.kind === 'postgres'
      ? { DATABASE_URL: target.url, DATA_DIR: target.dataDir }
      : { DATABASE_URL: '', DATA_DIR: target.dataDir }),
  };
}

export type DbTarget = { kind: 'postgres' | 'pglite'; url: string; dataDir: string };

/** Starts the built app and waits until it serves. */
export async function startApp(dist: string, target: DbTarget, secretKey: string): Promise<Spawned> {
  const app = spawnNode([path.join(dist, 'server/main.js')], appEnv(target, secretKey), await freePort());
  await waitForHealth(app, performance.now());
  return app;
}
