import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import type { Database } from '../db/client';
import { writeCache } from '../provider-cache/service';
import { keptCount } from './kept';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const sites = { provider: 'gridpane', kind: 'sites' };
const list = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: String(i + 1), data: { id: i + 1, url: `s${i}.example` } }));
const total = sql`select count(*) as n from provider_records where provider = 'gridpane' and kind = 'sites'`;

describe('keptCount', () => {
  it('counts once while the cache is unchanged, and again after every write of it', async () => {
    await writeCache(database.db, sites, list(3), new Date(), { partial: false });
    expect(await keptCount(database.db, [sites], total)).toBe(3);
    // A row slipped in without a write of the cache (nothing does this but the test) is not seen:
    // the answer was kept, not counted again.
    await database.db.execute(sql`insert into provider_records (provider, kind, external_id, data, synced_at)
      values ('gridpane', 'sites', 'x', '{}', now())`);
    expect(await keptCount(database.db, [sites], total)).toBe(3);
    // A write bumps the cache's generation: counted again.
    await writeCache(database.db, sites, list(5), new Date(), { partial: false });
    expect(await keptCount(database.db, [sites], total)).toBe(5);
    // A different query is its own answer.
    const filtered = sql`select count(*) as n from provider_records
      where provider = 'gridpane' and kind = 'sites' and external_id <> ${'1'}`;
    expect(await keptCount(database.db, [sites], filtered)).toBe(4);
  });
});
