import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/support/database';
import type { Database } from '../../db/client';
import { writeCache } from '../../provider-cache/service';
import { rows, rowsOf } from '../sql';
import {
  asBackgroundWork,
  dataStamp,
  keptAnswer,
  keptAt,
  keptCount,
  notePersonWrite,
  OWN_TABLES,
  type OwnTable,
  watchFreshness,
} from './kept';

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
    await writeCache({ db: database.db }, sites, list(3), new Date(), { partial: false });
    expect(await keptCount(database.db, { caches: [sites] }, total)).toBe(3);
    // A row slipped in without a write of the cache (nothing does this but the test) is not seen:
    // the answer was kept, not counted again.
    await database.db.execute(sql`insert into provider_records (provider, kind, external_id, data, synced_at)
      values ('gridpane', 'sites', 'x', '{}', now())`);
    expect(await keptCount(database.db, { caches: [sites] }, total)).toBe(3);
    // A write bumps the cache's generation: counted again.
    await writeCache({ db: database.db }, sites, list(5), new Date(), { partial: false });
    expect(await keptCount(database.db, { caches: [sites] }, total)).toBe(5);
    // A different query is its own answer.
    const filtered = sql`select count(*) as n from provider_records
      where provider = 'gridpane' and kind = 'sites' and external_id <> ${'1'}`;
    expect(await keptCount(database.db, { caches: [sites] }, filtered)).toBe(4);
  });
});

describe('keptAnswer over our own tables', () => {
  it('is computed again after any statement writing a table it reads, never after a rolled-back one', async () => {
    const { db } = database;
    let computed = 0;
    const answer = () =>
      keptAnswer(db, { tables: ['tags'] }, 'tag names', async () => {
        computed++;
        return rows<{ name: string }>(db, sql`select name from tags order by name`);
      });
    const before = await answer();
    expect(await answer()).toBe(before);
    expect(computed).toBe(1);
    await db.execute(sql`insert into tags (name, color) values ('kept-test', '#123456')`);
    expect((await answer()).map((t) => t.name)).toContain('kept-test');
    expect(computed).toBe(2);
    // A change that never committed moves nothing.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update tags set name = 'renamed' where name = 'kept-test'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await answer();
    expect(computed).toBe(2);
  });

  it('sees a change acknowledged while an earlier read of the generations was on its way', async () => {
    const { db } = database;
    const reads = { tables: ['tags' as const] };
    let last = await dataStamp(db, reads);
    for (let i = 0; i < 20; i++) {
      const earlier = dataStamp(db, reads); // on its way, not awaited
      await db.execute(sql`update tags set color = color where false`);
      const after = await dataStamp(db, reads);
      expect(after).not.toBe(last);
      await earlier;
      last = after;
    }
  });

  const writtenIn: Partial<Record<OwnTable, string>> = { check_links: 'checks' };
  /** Tables whose generation moves only when a statement wrote a row. */
  const IF_ROWS: OwnTable[] = [
    'website_health',
    'website_software',
    'vulnerability_matches',
    'vulnerability_feed',
    'vulnerabilities',
    'security_dismissals',
    'plugin_directory',
    'website_backup_status',
  ];
  it.each(OWN_TABLES.filter((t) => !IF_ROWS.includes(t)))(
    'sees every write of %s (its trigger exists)',
    async (table) => {
      const { db } = database;
      const stamp = () => dataStamp(db, { tables: [table] });
      const before = await stamp();
      // A statement writing no row still counts: the trigger runs once per statement.
      await db.execute(sql`delete from ${sql.identifier(writtenIn[table] ?? table)} where false`);
      const after = await stamp();
      expect(after).not.toBe(before);
      expect(await stamp()).toBe(after);
    },
  );

  it('moves the Security and backup tables when a row is written, not for a statement that wrote none', async () => {
    const { db } = database;
    const [w] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into websites (name, domain, integration_provider, status, environment)
        values ('security.example', 'security.example', 'gridpane', 'active', 'production') returning id`),
    );
    const writes: Record<string, ReturnType<typeof sql>> = {
      website_software: sql`insert into website_software (website_id, type, slug, name, version, active)
        values (${w!.id}, 'plugin', 'akismet', 'Akismet', '5.3', true)`,
      vulnerability_matches: sql`insert into vulnerability_matches (generation, type, slug, version, vulnerability_id)
        values (1, 'plugin', 'akismet', '5.3', 'v-1')`,
      vulnerability_feed: sql`insert into vulnerability_feed (id, generation) values (1, 1)`,
      vulnerabilities: sql`insert into vulnerabilities (generation, id, title, informational, reference, copyrights)
        values (1, 'v-1', 'Akismet <= 5.3', false, 'https://example.com/v-1', '{}'::jsonb)`,
      security_dismissals: sql`insert into security_dismissals (website_id, vulnerability_id, type, slug, reason, until, dismissed_at)
        values (${w!.id}, 'v-1', 'plugin', 'akismet', 'not used', now() + interval '1 day', now())`,
      plugin_directory: sql`insert into plugin_directory (slug, status, checked_at) values ('akismet', 'listed', now())`,
      website_backup_status: sql`insert into website_backup_status (website_id, host, read_at) values (${w!.id}, 'gridpane', now())`,
    };
    for (const table of IF_ROWS.filter((t) => t !== 'website_health')) {
      const stamp = () => dataStamp(db, { tables: [table] });
      const before = await stamp();
      await db.execute(sql`delete from ${sql.identifier(table)} where false`);
      expect(await stamp(), table).toBe(before);
      await db.execute(writes[table]!);
      expect(await stamp(), table).not.toBe(before);
    }
  });

  it('moves website_health when a health row is written, not for a statement that wrote none', async () => {
    const { db } = database;
    const stamp = () => dataStamp(db, { tables: ['website_health'] });
    const before = await stamp();
    await db.execute(sql`update website_health set state = state where false`);
    await db.execute(sql`delete from website_health where false`);
    expect(await stamp()).toBe(before);
    const [w] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into websites (name, domain, integration_provider, status, environment)
        values ('health.example', 'health.example', 'gridpane', 'active', 'production') returning id`),
    );
    const afterWebsite = await stamp();
    expect(afterWebsite).toBe(before);
    await db.execute(sql`insert into website_health (website_id, state, severity, updated_at)
      values (${w!.id}, 'up', 5, now())`);
    const afterInsert = await stamp();
    expect(afterInsert).not.toBe(before);
    await db.execute(sql`update website_health set state = 'down' where website_id = ${w!.id}`);
    expect(await stamp()).not.toBe(afterInsert);
  });

  it("moves check_links when a check's website changes, not when a run records its state", async () => {
    const { db } = database;
    const stamp = () => dataStamp(db, { tables: ['check_links'] });
    const before = await stamp();
    await db.execute(sql`update checks set status = status, last_checked_at = now() where false`);
    expect(await stamp()).toBe(before);
    await db.execute(sql`update checks set website_id = website_id where false`);
    expect(await stamp()).not.toBe(before);
  });
});

describe('an answer out of date while background work runs', () => {
  const db = () => database.db;
  const later = <T>(value: T) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const compute = async () => {
      await gate;
      return value;
    };
    return { compute, release };
  };

  it('is the previous answer, marked refreshing, while the new one is computed once; then the new one', async () => {
    await keptAt(db(), 'stamp-1', 'answer', async () => 'first');
    let release!: () => void;
    const background = asBackgroundWork(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const second = later('second');
      let computed = 0;
      const compute = () => {
        computed++;
        return second.compute();
      };
      const reads: { refreshing: boolean; value: string }[] = [];
      for (let i = 0; i < 3; i++) {
        let value = '';
        const store = watchFreshness(() => {
          void keptAt(db(), 'stamp-2', 'answer', compute).then((v) => (value = v));
        });
        await Promise.resolve();
        await Promise.resolve();
        reads.push({ refreshing: store.refreshing, value });
      }
      expect(reads).toEqual(Array(3).fill({ refreshing: true, value: 'first' }));
      expect(computed).toBe(1);
      second.release();
      await expect.poll(() => keptAt(db(), 'stamp-2', 'answer', compute)).toBe('second');
      expect(computed).toBe(1);
    } finally {
      release();
      await background;
    }
  });

  it('is never served after a person wrote, nor when no background work runs', async () => {
    await keptAt(db(), 'stamp-a', 'other', async () => 'before');
    let release!: () => void;
    const background = asBackgroundWork(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      notePersonWrite();
      expect(await keptAt(db(), 'stamp-b', 'other', async () => 'after the write')).toBe('after the write');
    } finally {
      release();
      await background;
    }
    expect(await keptAt(db(), 'stamp-c', 'other', async () => 'exact')).toBe('exact');
  });
});
