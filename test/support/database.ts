import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';
import { databaseUrl } from './global-setup';
import { templatePaths } from './paths';

/**
 * A fresh, migrated database for one test file: PGlite loaded from the run's template, or (project
 * server-postgres) a PostgreSQL database cloned from the template database.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND === 'postgres' && url) {
    const name = `${templatePaths.pgPrefix}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templatePaths.pgTemplate}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase(
      { kind: 'postgres', url: databaseUrl(url, name), max: 4 },
      { migrate: false },
    );
    return {
      ...database,
      close: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => a.end());
      },
    };
  }
  const dump = new Blob([fs.readFileSync(templatePaths.pgliteDump)]);
  return openDatabase({ kind: 'pglite-memory', loadDataDir: dump }, { migrate: false });
}

/**
 * A table's pages and how many of them are all-visible (from pg_class, set by VACUUM): index-only
 * scans read the heap for every row on a page that is not.
 */
export async function pageVisibility(
  db: Database['db'],
  table: string,
): Promise<{ pages: number; visible: number }> {
  const result = (await db.execute(
    sql`select relpages as pages, relallvisible as visible from pg_class where oid = ${table}::regclass`,
  )) as unknown as { rows: { pages: number; visible: number }[] };
  const row = result.rows[0];
  return { pages: Number(row?.pages ?? 0), visible: Number(row?.visible ?? 0) };
}
