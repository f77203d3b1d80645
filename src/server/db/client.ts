import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirPrivacy, makeDataDirPrivate } from './data-dir';
import { lockDataDir } from './lock';
import { migrationsApplied } from './migrations-state';
import { type DatabaseThreadEvent, RemotePGlite } from './pglite-remote';
import * as schema from './schema';
import { currentWorkName, reportSlowStatement, SLOW_STATEMENT_MS } from './slow-statements';

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** A parameterised SQL statement on the engine underneath (the job engine and the sign-in limiter use it). */
export type RawQuery = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What the job engine (pg-boss) connects with: the same PGlite instance, or the PostgreSQL URL. */
  engine: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };
  query: RawQuery;
  /** Runs a trivial query; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Whether every migration of this build is applied (readiness: an instance still migrating is not ready). */
  migrated(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball (tests build one migrated template and load it). */
  dump?(): Promise<Blob>;
  /** PGlite in a folder: what was made private in it before it opened (the start logs it). */
  dataDirPrivacy?: DataDirPrivacy;
};

const serial = new WeakSet<Db>();

let queryObserver: ((sql: string) => void) | undefined;
/**
 * Sees the text of every statement the app's Drizzle instances run (tests check which tables an
 * answer kept in the answer cache really reads); nothing in production sets it.
 */
export function observeQueries(observer: ((sql: string) => void) | undefined): void {
  queryObserver = observer;
}
const logger = { logQuery: (query: string) => queryObserver?.(query) };

/**
 * Whether the database runs one statement at a time, in the order asked, in this process (PGlite): a
 * read asked before a write's commit then always answers before the commit is acknowledged.
 */
export const runsInOrder = (db: Db): boolean => serial.has(db);

/**
 * PGlite runs a statement synchronously in this process and starts the next one queued behind it in the
 * same turn of the event loop, so a burst of background statements (the job engine's rounds over its
 * queues, the fleet's health refresh) would hold every request, even one already read, until the whole
 * burst ends. Each statement or transaction asked from outside a transaction first lets the event loop
 * turn once: requests interleave with background work. The turns keep the order statements were asked
 * in (they run first in, first out), which the answer cache relies on.
 */
export function letEventLoopTurn(pglite: PGlite): void {
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite['query'];
  pglite.exec = async (...args: Parameters<PGlite['exec']>) => {
    await nextTurn();
    return exec(...args);
  };
  pglite.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    await nextTurn();
    return transaction(...args);
  }) as PGlite['transaction'];
}

/** PostgreSQL extensions the migrations create; PGlite loads them from its own package. */
const extensions = { pg_trgm };

// In the source tree this file sits beside migrations/; the build copies migrations/ beside main.js.
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Where PGlite runs: on a thread of its own (the default: a long statement holds that thread, never
 * the one serving HTTP), or in the app's thread (kept for the benchmark that compares the two).
 */
export type PgliteThread = 'own' | 'app';

export type OpenOptions =
  | {
      kind: 'pglite';
      dataDir: string;
      lock?: boolean;
      thread?: PgliteThread;
      /** Told when the database's thread dies and when it serves again. */
      onThreadEvent?: (event: DatabaseThreadEvent) => void;
    }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File; thread?: PgliteThread }
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
    // The pool listens for errors only on idle connections: one checked out (a transaction between two
    // statements) gets its own listener, and the pool discards it when it comes back broken.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      timeStatements(client);
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger }) as unknown as Db;
    try {
      if (migrate) await migratePostgresOnce(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      engine: { kind: 'postgres', url: opts.url },
      query: async (text, values) => {
        const r = await pool.query(text, values);
        return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
      },
      ping: async () => {
        await pool.query('select 1');
      },
      migrated: () => migrationsApplied((q) => pool.query(q), migrationsFolder),
      close: () => pool.end(),
    };
  }

  const dataDirPrivacy = opts.kind === 'pglite' ? makeDataDirPrivate(opts.dataDir) : undefined;
  const release = opts.kind === 'pglite' && opts.lock !== false ? lockDataDir(opts.dataDir) : () => {};
  let client: PGlite | undefined;
  let remote: RemotePGlite | undefined;
  try {
    const dataDir = opts.kind === 'pglite' ? path.join(opts.dataDir, 'pglite') : undefined;
    const loadDataDir = opts.kind === 'pglite-memory' ? opts.loadDataDir : undefined;
    if (opts.thread === 'app') {
      client = await PGlite.create({
        ...(dataDir ? { dataDir } : {}),
        ...(loadDataDir ? { loadDataDir } : {}),
        extensions,
      });
      letEventLoopTurn(client);
    } else {
      const onEvent = opts.kind === 'pglite' ? opts.onThreadEvent : undefined;
      remote = await RemotePGlite.create({ dataDir, loadDataDir, onEvent });
      client = remote.asPGlite();
    }
    const pglite = client;
    const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case', logger }) as unknown as Db;
    serial.add(db);
    if (migrate && !(await migrationsApplied((q) => pglite.query(q), migrationsFolder)))
      await migratePglite(drizzlePglite({ client: pglite, casing: 'snake_case' }), { migrationsFolder });
    // PGlite gives the files it copies in for a new database (0666) and its catalog cache, rewritten at
    // every open (0644), modes of its own whatever the umask; inside the 0700 folder no one else could
    // reach them meanwhile. Made owner-only again now.
    if (opts.kind === 'pglite') makeDataDirPrivate(opts.dataDir);
    return {
      db,
      kind: 'pglite',
      engine: { kind: 'pglite', pglite },
      query: async (text, values) => {
        const r = await pglite.query<Record<string, unknown>>(text, values);
        return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
      },
      // On its own thread, the engine answers between statements without queueing behind them.
      ping: async () => {
        if (remote) await remote.ping();
        else await pglite.query('select 1');
      },
      migrated: () => migrationsApplied((q) => pglite.query(q), migrationsFolder),
      dump: () => pglite.dumpDataDir('none'),
      dataDirPrivacy,
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

/**
 * The slow-statement log on PostgreSQL: each statement timed on the connection that sent it, which runs
 * one at a time (a pool hands a connection to one request or one transaction at once).
 */
function timeStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (!text) return query(...args);
    const name = currentWorkName();
    const started = performance.now();
    const timed = () => {
      const ms = performance.now() - started;
      if (ms >= SLOW_STATEMENT_MS) reportSlowStatement(text, ms, name);
    };
    // The pool's own `query` passes a callback; Drizzle's transactions await the promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...answer: unknown[]) => {
        timed();
        return callback(...answer);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise) answer.then(timed, timed);
    return answer;
  };
}

/**
 * Several instances may start at once on an empty database: the first to take the migration lock
 * migrates, the others wait for it and then find nothing left to do: several instances on one
 * PostgreSQL behave as one.
 */
async function migratePostgresOnce(pool: pg.Pool): Promise<void> {
  if (await migrationsApplied((q) => pool.query(q), migrationsFolder)) return;
  const client = await pool.connect();
  try {
    // Waiting for another instance's migration is not a stuck statement: no statement timeout here
    // (the connection is discarded afterwards, so the pool's setting comes back with a new one).
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      if (!(await migrationsApplied((q) => client.query(q), migrationsFolder)))
        await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } finally {
    client.release(true);
  }
}

const MIGRATION_LOCK = 'agency-hub:migrate';

/** node-postgres's report of a connection the server ended (a restart, an administrator's command). */
export function isLostDatabaseConnection(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  return (
    err.message === 'Connection terminated unexpectedly' ||
    code === '57P01' || // admin_shutdown / terminating connection due to administrator command
    code === '57P02' || // crash_shutdown
    code === '57P03' // cannot_connect_now (starting up)
  );
}
