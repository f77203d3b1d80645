import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  createFirstAccount,
  type ServerProcess,
  signIn,
  startServer,
} from '../../support/server-process';

// The embedded database (PGlite) killed with `kill -9` in the middle of writes, 20 times on
// one data folder, never loses a write it acknowledged, and reopens each time (the dead process's lock is
// taken over). The plain second-process refusal on a fresh folder is in src/server/main.test.ts.
const ROUNDS = 20;
const WRITERS = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: ServerProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-kill-'));
const lockFile = path.join(dataDir, 'agency-hub.lock');

/** Keeps WRITERS concurrent POST /api/clients going; SIGKILLs the server at a random moment mid-stream. */
async function writeUntilKilled(s: ServerProcess, cookie: string, round: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let dying = false;
  let failure: unknown;
  const writer = async (w: number) => {
    for (let i = 0; !dying; i++) {
      const name = `round ${round} writer ${w} #${i}`;
      try {
        const res = await call(s, cookie, 'POST', '/api/clients', { name });
        if (res.status !== 201) throw new Error(`POST /api/clients answered ${res.status}`);
        acknowledged.push(name);
      } catch (err) {
        // Once the kill is under way, unanswered requests are expected: they were never acknowledged.
        if (!dying) failure ??= err;
        return;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  while (acknowledged.length === 0 && !failure) await sleep(5);
  await sleep(30 + Math.random() * 400);
  dying = true;
  s.child.kill('SIGKILL');
  await s.exited;
  await Promise.all(writers);
  if (failure) throw failure;
  return acknowledged;
}

describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('PGlite killed during writes', () => {
  afterAll(() => {
    server?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`loses no acknowledged write over ${ROUNDS} kill -9s on one data folder`, {
    timeout: 300_000,
  }, async () => {
    const acknowledged: string[] = [];
    for (let round = 1; round <= ROUNDS + 1; round++) {
      if (round > 1) {
        // The killed process left its lock behind: the next start must take it over, not refuse.
        expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(server!.pid));
      }
      server = await startServer({ dataDir });
      const cookie = round === 1 ? await createFirstAccount(server) : await signIn(server);

      const list = await call(server, cookie, 'GET', '/api/clients');
      expect(list.status).toBe(200);
      const stored = new Set((list.body as unknown as { name: string }[]).map((c) => c.name));
      const lost = acknowledged.filter((name) => !stored.has(name));
      expect(lost, `round ${round}: acknowledged writes missing after kill -9`).toEqual([]);
      if (round > ROUNDS) break;

      const written = await writeUntilKilled(server, cookie, round);
      expect(written.length).toBeGreaterThan(0);
      acknowledged.push(...written);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS);

    // The process that took over a stale lock holds it for real: a second one is still refused.
    await expect(startServer({ dataDir })).rejects.toThrow(
      `The data folder ${dataDir} is already in use by another Agency Hub process (pid ${server!.pid})`,
    );
    expect(server!.alive()).toBe(true);
    server!.child.kill('SIGTERM');
    expect((await server!.exited).code).toBe(0);
  });
});
