import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../support/server-process';

// A PostgreSQL 15 cluster of the test's own, so it can be stopped and started without disturbing the
// machine's shared server, which other test files use at the same time.
export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const postgresAvailable = fs.existsSync(path.join(PG_BIN, 'initdb'));

const asRoot = process.getuid?.() === 0;

const run = promisify(execFile);

/**
 * Runs a PostgreSQL tool; as root through `runuser`, since PostgreSQL refuses to run as root. Async, so
 * the load the test keeps up meanwhile is not paused (and its timings not skewed) while it runs.
 */
async function pgTool(tool: string, args: string[]): Promise<void> {
  const bin = path.join(PG_BIN, tool);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  await run(file, argv, { timeout: 60_000 });
}

export type ThrowawayPostgres = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

export async function createThrowawayPostgres(database = 'agency_hub'): Promise<ThrowawayPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  await pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = () =>
    pgTool('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  await start();

  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    // Fast shutdown: open sessions are terminated, as in a real restart or fail-over.
    stop: () => pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    start,
    destroy: async () => {
      try {
        await pgTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Not running.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
