import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, pageVisibility } from '../../../test/support/database';
import { rowsOf as resultRows } from '../core/sql';
import type { Database } from '../db/client';
import { providerRecords } from '../db/schema';
import { readCache, writeCache } from './service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const sites = { provider: 'gridpane', kind: 'sites' };
const site = (id: number, url: string, serverId: number | null = 7) => ({
  id: String(id),
  data: { id, url, status: 'active', server_id: serverId },
});
const rowsOf = () =>
  database.db
    .select()
    .from(providerRecords)
    .where(and(eq(providerRecords.provider, 'gridpane'), eq(providerRecords.kind, 'sites')))
    .orderBy(providerRecords.externalId);

describe('writeCache', () => {
  it('fills the list columns from the data', async () => {
    await writeCache(
      { db: database.db },
      sites,
      [site(1, 'https://www.Shop.example/'), site(2, 'b.example', null)],
      new Date(),
      {
        partial: false,
      },
    );
    const [a, b] = await rowsOf();
    expect(a).toMatchObject({
      domain: 'shop.example',
      sortKey: 'https://www.shop.example/',
      status: 'active',
    });
    expect(a).toMatchObject({ parentId: '7', search: 'https://www.shop.example/' });
    expect(b).toMatchObject({ domain: 'b.example', parentId: null });
  });

  it('a complete list replaces the cache; a partial one only adds and updates', async () => {
    const at = new Date();
    await writeCache({ db: database.db }, sites, [site(1, 'a.example'), site(3, 'c.example')], at, {
      partial: false,
    });
    expect((await rowsOf()).map((r) => r.externalId)).toEqual(['1', '3']);
    // The same sync time twice (a fake clock) still removes what the list no longer holds.
    await writeCache({ db: database.db }, sites, [site(3, 'c2.example')], at, { partial: false });
    expect((await rowsOf()).map((r) => [r.externalId, r.domain])).toEqual([['3', 'c2.example']]);
    await writeCache({ db: database.db }, sites, [site(4, 'd.example')], at, {
      partial: true,
      error: 'page 2 failed',
    });
    expect((await rowsOf()).map((r) => r.externalId)).toEqual(['3', '4']);
    const state = await readCache({ db: database.db }, sites);
    expect(state).toMatchObject({ partial: true, error: 'page 2 failed' });
  });

  it('writes thousands of rows in a few statements, the last copy of a repeated id winning', async () => {
    const many = Array.from({ length: 4500 }, (_, i) => site(i + 1, `s${i}.example`));
    many.push(site(10, 'again.example'));
    await writeCache({ db: database.db }, sites, many, new Date(), { partial: false });
    const rows = await rowsOf();
    expect(rows).toHaveLength(4500);
    expect(rows.find((r) => r.externalId === '10')?.domain).toBe('again.example');
    await writeCache({ db: database.db }, sites, [], new Date(), { partial: false });
    expect(await rowsOf()).toEqual([]);
  });

  it('rewrites only what changed, and leaves a big write vacuumed for index-only scans', async () => {
    const versions = async () =>
      new Map(
        resultRows<{ id: string; v: string }>(
          await database.db.execute(sql`select external_id as id, xmin::text as v from provider_records
            where provider = 'gridpane' and kind = 'sites'`),
        ).map((r) => [r.id, r.v]),
      );
    const many = Array.from({ length: 600 }, (_, i) => site(i + 1, `v${i}.example`));
    const vacuums = async () =>
      Number(
        resultRows<{ n: number }>(
          await database.db.execute(sql`select vacuum_count::int as n from pg_stat_user_tables
            where relname = 'provider_records'`),
        )[0]?.n ?? 0,
      );
    const vacuumedBefore = database.kind === 'postgres' ? await vacuums() : 0;
    await writeCache({ db: database.db }, sites, many, new Date(), { partial: false });
    // A fresh insert is all-visible only once vacuumed: the lists' counts and deep pages need it.
    if (database.kind === 'postgres') {
      // PostgreSQL marks pages all-visible only when no other transaction on the server might still
      // see them before the write (the suite's other files run beside this one): the vacuum is what
      // the write owes, and its count says it ran.
      expect(await vacuums()).toBe(vacuumedBefore + 1);
    } else {
      const vis = await pageVisibility(database.db, 'provider_records');
      expect(vis.visible).toBeGreaterThan(0);
      expect(vis.visible).toBe(vis.pages);
    }
    const before = await versions();
    const next = many.map((s) => (s.id === '5' ? site(5, 'moved.example') : s));
    await writeCache({ db: database.db }, sites, next, new Date(), { partial: false });
    const after = await versions();
    expect(after.size).toBe(600);
    const rewritten = [...after].filter(([id, v]) => before.get(id) !== v).map(([id]) => id);
    expect(rewritten).toEqual(['5']);
    expect((await rowsOf()).find((r) => r.externalId === '5')?.domain).toBe('moved.example');
  });
});
