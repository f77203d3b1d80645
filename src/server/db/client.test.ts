import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letEventLoopTurn } from './client';

describe('PGlite statements and the event loop', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
    letEventLoopTurn(pglite);
    await pglite.exec('create table seen (n serial primary key, what text not null)');
  });
  afterAll(async () => {
    await pglite.close();
  });

  it('lets the event loop turn between statements, so a request is not held until a burst of background statements ends', async () => {
    const events: string[] = [];
    // Background work asks its statements one after another (the job engine's round over its queues).
    const burst = (async () => {
      for (let i = 0; i < 30; i++) await pglite.query('select $1::int as i', [i]);
      events.push('burst done');
    })();
    // What a waiting request needs: a turn of the event loop (its timers and network reads).
    const turn = new Promise<void>((resolve) =>
      setTimeout(() => {
        events.push('turn');
        resolve();
      }, 0),
    );
    await Promise.all([burst, turn]);
    expect(events).toEqual(['turn', 'burst done']);
  });

  it('keeps the order statements were asked in, across query, exec and transaction', async () => {
    await Promise.all([
      pglite.query("insert into seen (what) values ('query 1')"),
      pglite.exec("insert into seen (what) values ('exec 2')"),
      pglite.transaction(async (tx) => {
        await tx.query("insert into seen (what) values ('transaction 3')");
      }),
      pglite.query("insert into seen (what) values ('query 4')"),
    ]);
    const { rows } = await pglite.query<{ what: string }>('select what from seen order by n');
    expect(rows.map((r) => r.what)).toEqual(['query 1', 'exec 2', 'transaction 3', 'query 4']);
  });
});
