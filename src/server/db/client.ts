import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock';
import { migrationsApplied } from './migrations-state';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs fn unless another process holds the named job lock (then returns undefined). PostgreSQL: a
   * session advisory lock on a dedicated connection; PGlite: the data folder lock already makes this
   * the only process, so an in-process flag is enough.
   */
  withJobLock<T>(name: string, fn: () => Promise<T>): Promise<T | undefined>;
  /** PGlite only: the data folder as a tarball (tests build one migrated template and load it). */
  dump?(): Promise<Blob>;
};

// In the source tree this file sits beside migrations/; the build copies migrations/ beside main.js.
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenOptions =
  | { kind: 'pglite'; dataDir: string; lock?: boolean }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string; max?: number };

export async function openDatabase(opts: OpenOptions, { migrate = true } = {}): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.max ?? 10,
      connectionTimeoutMillis: 3000,
      // A stuck statement (a lock held elsewhere) fails instead of holding its request for ever.
      statement_timeout: 15_000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection (database restart) must not crash the process; queries fail and recover.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    try {
      if (migrate && !(await migrationsApplied((q) => pool.query(q), migrationsFolder)))
        await migratePg(drizzlePg({ client: pool, casing: 'snake_case' }), { migrationsFolder });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      withJobLock: async (name, fn) => {
        const client = await pool.connect();
        // A checked-out client has no pool listener: if its connection dies while fn waits on a provider
        // (a database restart mid-sync), an unheard 'error' event would end the process (R5).
        let lost: Error | undefined;
        const onError = (err: Error) => {
          lost = err;
        };
        client.on('error', onError);
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock(hashtext($1)) as locked',
            [name],
          );
          if (!rows[0]?.locked) return undefined;
          try {
            return await fn();
          } finally {
            // A lost connection took its session lock with it.
            if (!lost) await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
          }
        } finally {
          client.off('error', onError);
          client.release(lost);
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  const release = opts.kind === 'pglite' && opts.lock !== false ? lockDataDir(opts.dataDir) : () => {};
  let client: PGlite | undefined;
  try {
    client =
      opts.kind === 'pglite'
        ? await PGlite.create(path.join(opts.dataDir, 'pglite'))
        : await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
    const pglite = client;
    const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
    if (migrate && !(await migrationsApplied((q) => pglite.query(q), migrationsFolder)))
      await migratePglite(drizzlePglite({ client: pglite, casing: 'snake_case' }), { migrationsFolder });
    const running = new Set<string>();
    return {
      db,
      kind: 'pglite',
      withJobLock: async (name, fn) => {
        if (running.has(name)) return undefined;
        running.add(name);
        try {
          return await fn();
        } finally {
          running.delete(name);
        }
      },
      ping: async () => {
        await pglite.query('select 1');
      },
      dump: () => pglite.dumpDataDir('none'),
      close: async () => {
        try {
          if (!pglite.closed) await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    await client?.close().catch(() => {});
    release();
    throw err;
  }
}
