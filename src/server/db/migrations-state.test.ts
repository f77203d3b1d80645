import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrationsApplied } from './migrations-state';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-migrations-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('start-up migrations', () => {
  it('skips the migrator only when every migration is recorded, and still upgrades an older database', {
    timeout: 60_000,
  }, async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const client = (first.db as unknown as { $client: { query: (q: string) => Promise<never> } }).$client;
    expect(await migrationsApplied((q) => client.query(q), migrationsFolder)).toBe(true);

    // Turn it into a database of the previous release: the newest migration neither applied nor recorded.
    await client.query('alter table provider_syncs drop column generation');
    await client.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    expect(await migrationsApplied((q) => client.query(q), migrationsFolder)).toBe(false);
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir });
    const upgraded = (
      again.db as unknown as { $client: { query: (q: string) => Promise<{ rows: unknown[] }> } }
    ).$client;
    const { rows } = await upgraded.query(
      "select column_name from information_schema.columns where table_name = 'provider_syncs' and column_name = 'generation'",
    );
    expect(rows).toHaveLength(1);
    await again.close();
  });

  it('answers "not applied" for a database that was never migrated', async () => {
    const empty = await openDatabase({ kind: 'pglite-memory' }, { migrate: false });
    const client = (empty.db as unknown as { $client: { query: (q: string) => Promise<never> } }).$client;
    expect(await migrationsApplied((q) => client.query(q), migrationsFolder)).toBe(false);
    await empty.close();
  });
});
