import { sql } from 'drizzle-orm';
import type { JobSpec } from '../core/jobs/engine';
import { defineJob } from '../core/jobs/registry';
import { rowsOf } from '../core/sql';
import type { Database, Db } from './client';

/**
 * PostgreSQL's autovacuum thresholds (its defaults): a table is analyzed once this many rows plus this
 * share of its rows changed since its last analyze, and vacuumed once as many are dead (or, for tables
 * that only grow, once this many were inserted since the last vacuum).
 */
export const THRESHOLDS = {
  analyzeBase: 50,
  analyzeScale: 0.1,
  vacuumBase: 50,
  vacuumScale: 0.2,
  insertBase: 1000,
  insertScale: 0.2,
} as const;

export type UpkeepStep = { table: string; action: 'vacuum' | 'analyze' };

/** The tables whose changes since their last vacuum or analyze pass the thresholds, and what each needs. */
export async function upkeepDue(db: Db): Promise<UpkeepStep[]> {
  const t = THRESHOLDS;
  const due = rowsOf<{ name: string; vacuum: boolean; analyze: boolean }>(
    await db.execute(sql`
      select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
        (s.n_dead_tup > ${t.vacuumBase} + ${t.vacuumScale} * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum > ${t.insertBase} + ${t.insertScale} * greatest(c.reltuples, 0)) as vacuum,
        (s.n_mod_since_analyze > ${t.analyzeBase} + ${t.analyzeScale} * greatest(c.reltuples, 0)
          -- Never analyzed: the counters above start from zero again whenever PGlite reopens its data.
          or c.reltuples < 0) as analyze
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.schemaname, s.relname`),
  );
  return due
    .filter((r) => r.vacuum || r.analyze)
    .map((r) => ({ table: r.name, action: r.vacuum ? 'vacuum' : 'analyze' }));
}

/**
 * What autovacuum does on PostgreSQL, done for the embedded database, which has none: tables that
 * changed a lot are vacuumed (dead rows of check results and jobs reclaimed, index-only scans kept
 * index-only, trigram pending lists merged) and analyzed (the lists' plans follow the data: a tag
 * given to 2,000 websites is no longer planned as 10 rows). One table at a time, each a short step.
 */
export async function runUpkeep(db: Db): Promise<UpkeepStep[]> {
  const steps = await upkeepDue(db);
  for (const step of steps) {
    const table = sql.raw(step.table); // quoted by quote_ident above
    await db.execute(step.action === 'vacuum' ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`);
  }
  return steps;
}

/** Every minute on PGlite, as autovacuum's default naptime; PostgreSQL's own autovacuum does this there. */
export const UPKEEP_JOB = defineJob<object, UpkeepStep[]>('db-upkeep');

export const upkeepJob = (database: Pick<Database, 'kind' | 'db'>): JobSpec => ({
  name: UPKEEP_JOB.name,
  policy: 'stately',
  retryLimit: 1,
  ...(database.kind === 'pglite' ? { cron: '* * * * *' } : {}),
  run: () => runUpkeep(database.db),
});
