import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../support/global-setup';
import {
  call,
  createFirstAccount,
  type ServerOptions,
  type ServerProcess,
  signIn,
  startServer,
  waitForOutput,
  waitUntil,
} from '../../support/server-process';
import { halfSentCreate, keepAliveGet, tryConnect } from './raw-http';

// Graceful shutdown: SIGTERM with requests in flight. They finish (not reset), no new connection is taken
// once closing begins, idle keep-alive connections do not hold the exit up, and the process exits 0
// well within main.ts's 10-second force timeout.
const FORCE_TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-shutdown-'));
// Its own empty database, migrated by the server at start: no dependence on the suite's template, and
// not named ah_test_* so another run's teardown cannot drop it mid-test.
const pgName = `ah_r7_${randomBytes(6).toString('hex')}`;
const options: ServerOptions = onPostgres
  ? { databaseUrl: databaseUrl(process.env.TEST_DATABASE_URL!, pgName), logLevel: 'info' }
  : { dataDir, logLevel: 'info' };

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

let server: ServerProcess | undefined;
const agent = new http.Agent({ keepAlive: true });

beforeAll(async () => {
  if (onPostgres) await admin(`CREATE DATABASE ${pgName}`);
});
afterAll(async () => {
  agent.destroy();
  server?.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (onPostgres) await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
});

describe('graceful shutdown on SIGTERM', () => {
  it('finishes in-flight requests, refuses new connections, and exits 0', { timeout: 120_000 }, async () => {
    server = await startServer(options);
    const s = server;
    const cookie = await createFirstAccount(s);
    const port = Number(new URL(s.url).port);
    expect(await keepAliveGet(s.url, agent, '/api/health')).toBe(200);

    // Three uploads still sending their bodies: in flight from the server's side once it logged them.
    const names = ['Graceful One', 'Graceful Two', 'Graceful Three'];
    const uploads = names.map((name) => halfSentCreate(s.url, cookie, name));
    const arrived = () =>
      s
        .output()
        .split('\n')
        .filter((l) => l.includes('"url":"/api/clients"')).length;
    await waitUntil('the uploads to reach the server', () => arrived() === names.length);

    const termAt = Date.now();
    s.child.kill('SIGTERM');
    await waitForOutput(s, /SIGTERM received/);
    // Closing begins just after that line: from then on a new connection is refused.
    await waitUntil(
      'new connections to be refused',
      async () => (await tryConnect(port)) === 'refused',
      2_000,
    );

    // Shutdown waits for them: still alive with the uploads unfinished.
    await sleep(500);
    expect(s.alive()).toBe(true);
    for (const upload of uploads) upload.finish();
    const answers = await Promise.all(uploads.map((u) => u.response));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.map((a) => JSON.parse(a.body).name)).toEqual(names);
    const answeredAt = Date.now();

    const { code } = await s.exited;
    expect(code).toBe(0);
    expect(Date.now() - termAt).toBeLessThan(FORCE_TIMEOUT_MS);
    // Nothing else holds it up once they are answered (a background job's grace is not waited out;
    // src/server/jobs/engine.test.ts covers the checks scheduler's minute-long turn).
    expect(Date.now() - answeredAt).toBeLessThan(3_000);

    // What was answered before the exit is stored.
    server = await startServer(options);
    const after = await call(server, await signIn(server), 'GET', '/api/clients');
    expect((after.body as unknown as { name: string }[]).map((c) => c.name).sort()).toEqual(
      [...names].sort(),
    );
  });
});
