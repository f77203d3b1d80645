import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, pageVisibility } from '../../../test/support/database';
import { rowsOf } from '../core/sql';
import type { Database } from '../db/client';
import { refreshHealth } from './read-model';
import { type ProviderSiteFacts, syncWebsites } from './service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const fact = (i: number, over: Partial<ProviderSiteFacts> = {}): ProviderSiteFacts => ({
  providerSiteId: String(i),
  url: `https://site${i}.example/`,
  serverId: String(i % 7),
  status: 'active',
  staging: false,
  ...over,
});

/** Each website's row version (xmin): it changes only when the row is rewritten. */
const versions = async () =>
  new Map(
    rowsOf<{ domain: string; v: string }>(
      await database.db.execute(sql`select domain, xmin::text as v from websites`),
    ).map((r) => [r.domain, r.v]),
  );

describe('syncWebsites', () => {
  it('rewrites only the websites that changed, still answers every id, and vacuums after a big sync', async () => {
    const fleet = Array.from({ length: 700 }, (_, i) => fact(i + 1));
    const first = await syncWebsites({ db: database.db }, 'gridpane', fleet, {
      complete: true,
      at: new Date(),
    });
    expect(first.size).toBe(700);

    // A fresh big write is vacuumed: pages all-visible for the lists, trigram pending lists merged.
    const vis = await pageVisibility(database.db, 'websites');
    expect(vis.visible).toBeGreaterThan(0);
    expect(vis.visible).toBe(vis.pages);

    const before = await versions();
    const next = fleet.map((f) => (f.providerSiteId === '5' ? { ...f, status: 'disabled' } : f));
    const second = await syncWebsites({ db: database.db }, 'gridpane', next, {
      complete: true,
      at: new Date(),
    });
    // Unchanged websites are not rewritten, yet the sync still maps every provider site to its website.
    expect(second).toEqual(first);
    const after = await versions();
    const rewritten = [...after].filter(([d, v]) => before.get(d) !== v).map(([d]) => d);
    expect(rewritten).toEqual(['site5.example']);
    const [five] = rowsOf<{ status: string }>(
      await database.db.execute(sql`select status from websites where domain = 'site5.example'`),
    );
    expect(five?.status).toBe('disabled');
  });

  it('marks a website gone from a complete list removed, and restores it when it comes back', async () => {
    const fleet = Array.from({ length: 3 }, (_, i) => fact(1001 + i));
    await syncWebsites({ db: database.db }, 'kinsta', fleet, { complete: true, at: new Date() });
    await syncWebsites({ db: database.db }, 'kinsta', fleet.slice(0, 2), { complete: true, at: new Date() });
    const removed = async () =>
      rowsOf<{ removed: boolean }>(
        await database.db.execute(sql`select removed from websites where domain = 'site1003.example'`),
      )[0]?.removed;
    expect(await removed()).toBe(true);
    const back = await syncWebsites({ db: database.db }, 'kinsta', fleet, { complete: true, at: new Date() });
    expect(await removed()).toBe(false);
    expect(back.get('1003')).toBeTypeOf('number');
  });

  it('gives every website of a large fleet its health, range by range', async () => {
    const fleet = Array.from({ length: 4_500 }, (_, i) => fact(20_001 + i));
    await syncWebsites({ db: database.db }, 'gridpane', fleet, { complete: true, at: new Date() });
    await database.db.execute(sql`delete from website_health`);
    await refreshHealth({ db: database.db }, new Date());
    const [counts] = rowsOf<{ websites: number; health: number; unmonitored: number }>(
      await database.db.execute(sql`select (select count(*)::int from websites) as websites,
        (select count(*)::int from website_health) as health,
        (select count(*)::int from website_health where state = 'unmonitored') as unmonitored`),
    );
    expect(counts!.websites).toBeGreaterThan(4_500);
    expect(counts).toEqual({
      websites: counts!.websites,
      health: counts!.websites,
      unmonitored: counts!.websites,
    });
  });
});
