import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { DATABASE_THREAD_STOPPED, type DatabaseThreadEvent, RemotePGlite } from './pglite-remote';

// The embedded database on its own thread: what the app's thread sees of it must be PGlite's own
// behaviour (transactions, errors with their fields, order), and a crash of that thread is a clear
// error and a restart, never a request left waiting.
let dir: string;
let database: Database;
const events: DatabaseThreadEvent['kind'][] = [];
const remote = () => database.engine.kind === 'pglite' && (database.engine.pglite as unknown as RemotePGlite);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-thread-'));
  database = await openDatabase(
    { kind: 'pglite', dataDir: dir, onThreadEvent: (event) => events.push(event.kind) },
    { migrate: false },
  );
  await database.query('create table notes (id int primary key, body text not null)');
}, 60_000);
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database on its own thread', () => {
  it('runs on a thread of its own: the app thread keeps turning during a long statement', async () => {
    expect(remote()).toBeInstanceOf(RemotePGlite);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    await database.query('select pg_sleep(1)');
    clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('commits a transaction that ends well and rolls back one that throws, as PGlite does', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (1, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (2, 'undone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await database.query('select id from notes order by id');
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('keeps a statement outside a transaction waiting until the transaction ends, in order', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into notes values (3, 'in the transaction')`);
      await held;
      order.push('commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = database.query('select count(*)::int as n from notes').then((r) => {
      order.push('read');
      return r.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await tx;
    expect(await outside).toBe(2);
    expect(order).toEqual(['commit', 'read']);
  });

  it("gives PostgreSQL's error fields to the app's thread", async () => {
    const error = await database.query("insert into notes values (1, 'again')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
  });

  it('fails what waited on a crashed thread at once, then serves again from the data folder', async () => {
    const waiting = database.query('select pg_sleep(30)');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await (remote() as RemotePGlite).crash();
    await expect(waiting).rejects.toThrow(DATABASE_THREAD_STOPPED);
    expect(performance.now() - started).toBeLessThan(10_000);
    // The next statement waits for the new thread and finds what was committed.
    const { rows } = await database.query('select body from notes order by id');
    expect(rows.map((r) => r.body)).toEqual(['kept', 'in the transaction']);
    expect(events).toEqual(['stopped', 'restarted']);
    expect((remote() as RemotePGlite).restarts).toBe(1);
  }, 60_000);
});
