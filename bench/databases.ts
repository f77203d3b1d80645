import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import type { DbTarget } from './processes';

const baseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway PostgreSQL database (created now, dropped by `drop`), or null when none is reachable. */
export async function throwawayPostgres(): Promise<{ target: DbTarget; drop: () => Promise<void> } | null> {
  const name = `agency_hub_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    console.warn(`PostgreSQL not reachable at ${baseUrl}: ${(err as Error).message}`);
    await admin.end().catch(() => {});
    return null;
  }
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-hub-bench-pg-'));
  return {
    target: { kind: 'postgres', url: url.toString(), dataDir },
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh PGlite data folder, removed by `drop`. */
export function throwawayPglite(): { target: DbTarget; drop: () => Promise<void> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-hub-bench-pglite-'));
  return {
    target: { kind: 'pglite', url: '', dataDir },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Opens a bench database directly (seeding, counting): the app's own client, migrations included. */
export function openTarget(target: DbTarget) {
  return openDatabase(
    target.kind === 'postgres'
      ? { kind: 'postgres', url: target.url }
      : { kind: 'pglite', dataDir: target.dataDir },
  );
}
