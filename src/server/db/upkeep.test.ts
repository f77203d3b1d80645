import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/support/app';
import { createTestDatabase } from '../../../test/support/database';
import { rowsOf } from '../core/sql';
import type { Database } from './client';
import { runUpkeep, UPKEEP_JOB, upkeepDue, upkeepJob } from './upkeep';

// PostgreSQL's autovacuum may get to a table first there; this is the embedded database's stand-in.
describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('database upkeep on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  type Stat = { mods: number; dead: number; analyzed: boolean; reltuples: number };
  const stat = async (table: string): Promise<Stat> => {
    const [row] = rowsOf<{ mods: string; dead: string; analyzed: boolean; reltuples: number }>(
      await database.db.execute(sql`
        select s.n_mod_since_analyze as mods, s.n_dead_tup as dead, s.last_analyze is not null as analyzed,
          c.reltuples from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.relid = ${table}::regclass`),
    );
    return {
      mods: Number(row!.mods),
      dead: Number(row!.dead),
      analyzed: row!.analyzed,
      reltuples: Number(row!.reltuples),
    };
  };
  /** The statistics reach pg_stat_user_tables about a second after a write (PostgreSQL's flush interval). */
  const settled = async (table: string, until: (s: Stat) => boolean): Promise<Stat> => {
    for (let i = 0; i < 50; i++) {
      const s = await stat(table);
      if (until(s)) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`statistics of ${table} never settled`);
  };

  it('analyzes the tables never analyzed, also once their change counters start again from zero', async () => {
    const db = database.db;
    await db.execute(sql`insert into websites (name, domain, integration_provider, status, environment)
      select 'Site ' || i, 'site' || i || '.example', 'gridpane', 'active', 'production'
      from generate_series(1, 1500) as i`);
    await settled('websites', (s) => s.mods >= 1500); // counted (no late flush after the reset)
    // As after PGlite reopens its data folder: the counters are gone, the table was never analyzed.
    await db.execute(sql`select pg_stat_reset()`);
    expect(await stat('websites')).toMatchObject({ mods: 0, analyzed: false, reltuples: -1 });
    const steps = await runUpkeep(db);
    expect(steps).toContainEqual({ table: 'public.websites', action: 'analyze' });
    expect(steps).toContainEqual({ table: 'public.tags', action: 'analyze' }); // empty, never analyzed
    expect(await stat('websites')).toMatchObject({ analyzed: true, reltuples: 1500 });
    expect(await stat('tags')).toMatchObject({ analyzed: true, reltuples: 0 });
    // Analyzed once, an empty table is not analyzed again and again.
    expect(await upkeepDue(db)).toEqual([]);
  });

  it('vacuums and analyzes a table that gained many rows, so plans know its size; leaves a quiet one alone', async () => {
    const db = database.db;
    await db.execute(sql`insert into tags (name, color) values ('Quiet', '#3b82f6')`);
    await db.execute(sql`insert into website_tags (website_id, tag_id)
      select w.id, (select id from tags where name = 'Quiet') from websites w`);
    const before = await settled('website_tags', (s) => s.mods >= 1500);
    expect(before.analyzed).toBe(true); // by the first run, while it was empty

    const steps = await runUpkeep(db);
    expect(steps).toContainEqual({ table: 'public.website_tags', action: 'vacuum' });
    expect(steps.map((s) => s.table)).not.toContain('public.tags'); // one row: under 50 + 10 %
    expect(await stat('website_tags')).toMatchObject({ mods: 0, reltuples: 1500 });
    // Nothing more to do until the tables change again.
    expect((await upkeepDue(db)).map((s) => s.table)).not.toContain('public.website_tags');
  });

  it('vacuums a table whose deleted rows pass a fifth of it, and only analyzes a small change', async () => {
    const db = database.db;
    await db.execute(sql`delete from website_tags where website_id % 2 = 0`);
    await settled('website_tags', (s) => s.dead >= 750);
    expect(await upkeepDue(db)).toContainEqual({ table: 'public.website_tags', action: 'vacuum' });
    await runUpkeep(db);
    expect(await stat('website_tags')).toMatchObject({ dead: 0, mods: 0, reltuples: 750 });

    // 150 changes of 750 rows: past 50 + 10 % (125) for an analyze, under 50 + 20 % (200) dead for a vacuum.
    await db.execute(sql`update website_tags set tag_id = tag_id where website_id in (
      select website_id from website_tags order by website_id limit 150)`);
    await settled('website_tags', (s) => s.mods >= 150);
    expect((await upkeepDue(db)).find((s) => s.table === 'public.website_tags')).toEqual({
      table: 'public.website_tags',
      action: 'analyze',
    });
  });
});

describe('the upkeep job', () => {
  it('runs on the job engine, every minute on PGlite only: PostgreSQL runs its own autovacuum', async () => {
    const t = await createTestApp();
    try {
      const onPglite = t.database.kind === 'pglite';
      expect(upkeepJob(t.services.database).cron).toBe(onPglite ? '* * * * *' : undefined);
      const scheduled = rowsOf<{ cron: string }>(
        await t.db.execute(sql`select cron from pgboss.schedule where name = 'db-upkeep'`),
      );
      expect(scheduled).toEqual(onPglite ? [{ cron: '* * * * *' }] : []);
      // Run through the engine as the schedule would: it settles what was due (never-analyzed tables).
      const steps = await t.services.jobs.run(UPKEEP_JOB);
      expect(steps).toContainEqual({ table: 'public.websites', action: 'analyze' });
      if (onPglite) expect(await upkeepDue(t.db)).toEqual([]); // PostgreSQL's own statistics keep moving
    } finally {
      await t.close();
    }
  });
});
