import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { asBackgroundWork } from '../core/cache/kept';
import { REFRESHING_HEADER } from './freshness';

// While background work runs, a list whose data changed answers at once with the previous answer,
// marked refreshing, and the next read has the new one; a person's own change always shows at once.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(() => t.close());

const clients = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/clients?pageSize=50', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return { total: res.json().total as number, refreshing: res.headers[REFRESHING_HEADER] === 'true' };
};

describe('answers while background work runs', () => {
  it('are the previous answer marked refreshing, then the new one; a person’s change shows at once', async () => {
    expect(await clients()).toEqual({ total: 0, refreshing: false });
    let release!: () => void;
    const background = asBackgroundWork(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      // Background work (a sync, say) adds a client behind the list's back.
      await t.db.execute(sql`insert into clients (name) values ('Synced Client')`);
      expect(await clients()).toEqual({ total: 0, refreshing: true });
      await expect.poll(clients).toEqual({ total: 1, refreshing: false });

      // A person's own change is never hidden behind a previous answer.
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: { cookie },
        payload: { name: 'Added By Hand' },
      });
      expect(created.statusCode).toBe(201);
      expect(await clients()).toEqual({ total: 2, refreshing: false });
    } finally {
      release();
      await background;
    }
    // No background work: every read exact.
    await t.db.execute(sql`insert into clients (name) values ('Another')`);
    expect(await clients()).toEqual({ total: 3, refreshing: false });
  });
});
