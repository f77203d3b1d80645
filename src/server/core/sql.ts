import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** db.execute answers { rows } on node-postgres and PGlite alike. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** LIKE treats % and _ as wildcards: a person typing them means the characters. */
export const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const where = (filters: (SQL | undefined | false | null | '')[]) => {
  const f = filters.filter((x): x is SQL => Boolean(x));
  return f.length ? sql`where ${sql.join(f, sql` and `)}` : sql``;
};

export const direction = (desc: boolean) => sql.raw(desc ? 'desc' : 'asc');

/**
 * The records of one provider cache (a provider and a kind, as its keys.ts names them), as SQL over an
 * alias of provider_records or provider_syncs: `${inCache('r', gridpaneSites)}`.
 */
export const inCache = (alias: string, key: { provider: string; kind: string }) =>
  sql`${sql.raw(alias)}.provider = ${key.provider} and ${sql.raw(alias)}.kind = ${key.kind}`;

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

export async function count(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

/** json / json_agg columns: node-postgres and PGlite both parse them, but be sure. */
export const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * The fleet's website ids in ranges of `size` (from the lowest id to the highest): work over the whole
 * fleet runs a statement per range, so no statement reads more than a range's rows at any fleet size.
 */
export async function websiteIdRanges(db: Db, size: number): Promise<[number, number][]> {
  const [range] = await rows<{ lo: number | null; hi: number | null }>(
    db,
    sql`select min(id)::int as lo, max(id)::int as hi from websites`,
  );
  const out: [number, number][] = [];
  if (range?.lo == null || range.hi == null) return out;
  for (let from = Number(range.lo); from <= Number(range.hi); from += size) out.push([from, from + size - 1]);
  return out;
}
