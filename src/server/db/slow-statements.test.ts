import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { namedWork, onSlowStatement, type SlowStatement, statementSummary } from './slow-statements';

// A statement over 500 ms is reported with the name of the work that asked for it, on either database;
// a quick one is not; the parameters never appear.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the slow-statement log', () => {
  it('reports a statement over the limit with its work and what it did, and no quick one', async () => {
    const seen: SlowStatement[] = [];
    const stop = onSlowStatement((slow) => seen.push(slow));
    try {
      await namedWork('test.slow-work', async () => {
        await t.database.query('select 1');
        await t.db.execute(sql`select pg_sleep(0.6), ${'a-secret-value'}::text as secret`);
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.55) from generate_series(1, 1)`);
        });
      });
      await t.database.query('select 2');
      // The report crosses from the database's thread: wait for both.
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2);
    } finally {
      stop();
    }
    expect(seen[0]).toMatchObject({ name: 'test.slow-work: select' });
    expect(seen[0]!.ms).toBeGreaterThanOrEqual(500);
    expect(seen[0]!.statement).toContain('pg_sleep(0.6)');
    expect(JSON.stringify(seen)).not.toContain('a-secret-value');
    expect(seen[1]).toMatchObject({ name: 'test.slow-work: select from generate_series' });
  });

  it('names a statement by its verb and first table', () => {
    expect(statementSummary('insert into "security_alerts" ("a") values ($1)')).toBe(
      'insert into security_alerts',
    );
    expect(statementSummary('update "websites" set "x" = $1')).toBe('update websites');
    expect(statementSummary('select "id" from "websites" where "id" = $1')).toBe('select from websites');
    expect(statementSummary('with x as (select 1) delete from t')).toBe('with from t');
  });
});
