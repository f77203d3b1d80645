import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { DATABASE_BUSY } from './service';

// No background work keeps a request waiting: on the embedded database a statement runs on the
// database's own thread, so the thread serving HTTP answers health checks and files meanwhile, and
// requests that need the database take their turn between the background work's statements. Each
// answer is judged against the background work still running, not against a fixed short time, so a
// busy machine cannot fail it.
let t: TestApp;
let webRoot: string;
let port: number;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-silent-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Agency Hub</title>');
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets/app-abc123.js'), 'console.info(1)');
  t = await createTestApp({ webRoot });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** A request over a real socket, with how long it took; fails after `limitMs` with no answer. */
async function timed(url: string, headers: Record<string, string> = {}, limitMs = 4_000) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    headers,
    signal: AbortSignal.timeout(limitMs),
  });
  await res.text();
  return { status: res.status, ms: performance.now() - started, at: performance.now() };
}

describe('while the database works in the background', () => {
  it('health and the web app answer during one statement that takes seconds', async () => {
    let statementEnded = Number.POSITIVE_INFINITY;
    const statement = t.database.query('select pg_sleep(6)').then(() => {
      statementEnded = performance.now();
    });
    // A statement running for less than a second is work under way (health answers at once); one that
    // has held the database for longer makes health say "busy" after a second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    let health = await timed('/api/health');
    // On a busy machine the statement may have begun late: asked again until it has held a second.
    while (t.database.kind === 'pglite' && health.status === 200 && performance.now() < statementEnded)
      health = await timed('/api/health');
    const file = await timed('/assets/app-abc123.js');
    const page = await timed('/clients');
    // Every answer came while the statement still ran.
    for (const answer of [health, file, page]) expect(answer.at).toBeLessThan(statementEnded);
    expect(file.status).toBe(200);
    expect(page.status).toBe(200);
    if (t.database.kind === 'pglite') {
      // The one connection is taken: health says so after a second instead of waiting for it.
      expect(health.status).toBe(503);
      const body = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
      expect(body).toMatchObject({ status: 'error', message: DATABASE_BUSY });
    } else {
      expect(health.status).toBe(200);
    }
    await statement;
    const after = await timed('/api/health');
    expect(after.status).toBe(200);
  }, 30_000);

  it('a list answers between the statements of background work that runs for seconds', async () => {
    const cookie = await t.signIn();
    let workEnded = Number.POSITIVE_INFINITY;
    // Background work in short statements, as the fleet's jobs run: 300 of them, 20 ms each.
    const work = (async () => {
      for (let i = 0; i < 300; i++) await t.database.query('select pg_sleep(0.02)');
      workEnded = performance.now();
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const list = await timed('/api/clients', { cookie }, 20_000);
    const health = await timed('/api/health');
    expect(list.status).toBe(200);
    expect(health.status).toBe(200);
    expect(list.at).toBeLessThan(workEnded);
    expect(health.at).toBeLessThan(workEnded);
    await work;
  }, 60_000);
});
