import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { type CacheKey, cacheStamp } from '../provider-cache/service';
import { rows } from './sql';

const dialect = new PgDialect();
/** Answers kept per database; the oldest go first beyond this many (stale generations are never hit). */
const KEPT = 500;
const kept = new WeakMap<Db, Map<string, Promise<unknown[]>>>();

/**
 * The rows of a query over provider caches alone (a list's total, a filter menu's counts), read once
 * while those caches are unchanged. Every write of a cache bumps its generation in the same
 * transaction, so an answer is reused only while each cache it reads has the generation it was read
 * at: one small read instead of counting 20,000 rows on every page view, and right across instances
 * because the generations live in the database. A query that also reads our own tables (tags,
 * websites) must come with `also`, a fingerprint of what it reads there, read on every call: nothing
 * stamps their changes.
 */
export async function keptRows<T>(
  db: Db,
  reads: CacheKey[],
  query: SQL,
  also?: Promise<string>,
): Promise<T[]> {
  const [stamp, extra] = await Promise.all([cacheStamp(db, reads), also ?? '']);
  const { sql, params } = dialect.sqlToQuery(query);
  const key = `${stamp}\n${extra}\n${sql}\n${JSON.stringify(params)}`;
  let answers = kept.get(db);
  if (!answers) {
    answers = new Map();
    kept.set(db, answers);
  }
  const hit = answers.get(key);
  if (hit) return hit as Promise<T[]>;
  const answer = rows<T>(db, query);
  answers.set(key, answer);
  if (answers.size > KEPT) answers.delete(answers.keys().next().value as string);
  answer.catch(() => {
    if (answers.get(key) === answer) answers.delete(key);
  });
  return answer;
}

/** `select count(*) as n …` over provider caches (and fingerprinted tables), kept like keptRows. */
export async function keptCount(
  db: Db,
  reads: CacheKey[],
  query: SQL,
  also?: Promise<string>,
): Promise<number> {
  const [row] = await keptRows<{ n: number | string }>(db, reads, query, also);
  return Number(row?.n ?? 0);
}
