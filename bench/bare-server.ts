// The reference for P1/P2 (the app's clients list keeps at least 70% of a bare route's req/s): bare
// Fastify (no plugins, no hooks, no schemas) returning the same rows as
// GET /api/clients, with hand-written SQL on the same database. Run as its own process:
//   BENCH_DB_KIND=postgres|pglite BENCH_DB_URL=… BENCH_DATA_DIR=… PORT=… node --import tsx bench/bare-server.ts
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

type Row = Record<string, unknown>;
type Query = (sql: string, params?: unknown[]) => Promise<Row[]>;

const kind = process.env.BENCH_DB_KIND;
let query: Query;
if (kind === 'postgres') {
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DB_URL, max: 10 });
  query = async (sql, params) => (await pool.query(sql, params)).rows;
} else {
  // The extensions the app's database was created with, as the app loads them.
  const db = await PGlite.create(path.join(process.env.BENCH_DATA_DIR!, 'pglite'), {
    extensions: { pg_trgm },
  });
  query = async (sql, params) => (await db.query<Row>(sql, params)).rows;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

const app = Fastify({ logger: false });
app.get('/bare/clients', async () => {
  const rows = await query(
    `select id, name, job_title, company, email, phone, notes, status, created_at, updated_at
       from clients order by lower(name), id`,
  );
  const tags = await query(
    `select ct.client_id, t.id, t.name, t.color from client_tags ct join tags t on t.id = ct.tag_id
      where ct.client_id = any($1::int[]) order by lower(t.name), t.id`,
    [rows.map((r) => r.id)],
  );
  const byClient = new Map<unknown, Row[]>();
  for (const { client_id, ...t } of tags) byClient.set(client_id, [...(byClient.get(client_id) ?? []), t]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    jobTitle: r.job_title,
    company: r.company,
    email: r.email,
    phone: r.phone,
    notes: r.notes,
    status: r.status,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    tags: byClient.get(r.id) ?? [],
  }));
});
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
