import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { JobEngine } from '../../src/server/core/jobs/engine';
import { type Database, openDatabase } from '../../src/server/db/client';
import { templatePaths } from './paths';
import { buildRunBundle } from './server-bundle';

/**
 * Migrates the schema once per run: a PGlite data dump that each test file loads in ~0.5 s, and (with
 * TEST_DATABASE_URL) a PostgreSQL template database that each file clones. Bundles the server meanwhile
 * (esbuild works in its own process), for the files that start it as a process.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  fs.mkdirSync(path.dirname(templatePaths.pgliteDump), { recursive: true });
  const bundling = buildRunBundle();
  const database = await openDatabase({ kind: 'pglite-memory' });
  await installJobEngine(database);
  const dump = await database.dump!();
  fs.writeFileSync(templatePaths.pgliteDump, Buffer.from(await dump.arrayBuffer()));
  await database.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${templatePaths.pgTemplate} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${templatePaths.pgTemplate}`);
    } finally {
      await admin.end();
    }
    const template = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(url, templatePaths.pgTemplate),
      max: 1,
    });
    await installJobEngine(template);
    await template.close();
  }
  const bundle = await bundling;
  project.provide('serverBundleDir', bundle.dir);
  return async () => {
    bundle.remove();
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [templatePaths.pgPrefix],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}

export function databaseUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The job engine's own tables, installed once in the template (each test's engine then only starts). */
async function installJobEngine(database: Database): Promise<void> {
  const engine = new JobEngine(database, { supervise: false, schedule: false });
  await engine.start([]);
  await engine.stop();
}
