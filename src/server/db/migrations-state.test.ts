import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrationsApplied } from './migrations-state';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-migrations-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The migrations of the previous release: this build's folder without its newest migration. */
function previousRelease(): string {
  const folder = path.join(tmp, 'previous');
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const older = { ...journal, entries: journal.entries.slice(0, -1) };
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(older));
  return folder;
}

describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('start-up migrations', () => {
  it('skips the migrator only when every migration is recorded, and still upgrades an older database', {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir);
    // As the app opens it (the earlier migrations create pg_trgm).
    const old = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    await migrate(drizzle({ client: old }), { migrationsFolder: previousRelease() });
    const query = (q: string) => old.query<Record<string, unknown>>(q);
    expect(await migrationsApplied(query, migrationsFolder)).toBe(false);
    await old.close();

    const upgraded = await openDatabase({ kind: 'pglite', dataDir });
    expect(await upgraded.migrated()).toBe(true);
    const { rows } = await upgraded.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0]?.n).toBe(journal.entries.length);
    await upgraded.close();

    // Opening it again finds every migration recorded and leaves the migrator alone.
    const again = await openDatabase({ kind: 'pglite', dataDir });
    expect(await again.migrated()).toBe(true);
    await again.close();
  });

  it('answers "not applied" for a database that was never migrated', async () => {
    const empty = await openDatabase({ kind: 'pglite-memory' }, { migrate: false });
    expect(await empty.migrated()).toBe(false);
    await empty.close();
  });
});
