import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import type { Database } from './client';

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('PostgreSQL connections', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('cut off a statement stuck for more than 15 s, so no request waits on it for ever', async () => {
    const rows = await database.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`);
    expect((rows as unknown as { rows: { statement_timeout: string }[] }).rows[0]?.statement_timeout).toBe(
      '15s',
    );
  });
});
