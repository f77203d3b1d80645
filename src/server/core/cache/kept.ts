import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, runsInOrder } from '../../db/client';
import { json, rows } from '../sql';
import { computeChecked } from './declared';

/** One provider's kind of cached record (GridPane sites, Better Uptime monitors …), kept with a generation. */
export type CacheKey = { provider: string; kind: string };

/**
 * Our tables whose every write bumps a generation (migrations 0014, 0016, 0017, 0022, 0041, 0046): what kept answers may
 * read. `check_links` is which websites the checks watch: it moves when a check is added, removed or
 * pointed at another website, not when a run updates a check's state (no kept answer reads that).
 * `website_health` moves only when a website's health really changed.
 */
export const OWN_TABLES = [
  'websites',
  'website_tags',
  'tags',
  'clients',
  'client_tags',
  'tasks',
  'users',
  'monitor_days',
  'website_facts',
  'check_links',
  'website_health',
  'website_software',
  'vulnerability_matches',
  'vulnerability_feed',
  'vulnerabilities',
  'security_dismissals',
  'plugin_directory',
  'website_backup_status',
] as const;
export type OwnTable = (typeof OWN_TABLES)[number];

/** Everything a kept answer reads: provider caches (generation per sync write) and tables of ours. */
export type Reads = { caches?: CacheKey[]; tables?: OwnTable[] };

const dialect = new PgDialect();
/** Answers kept per database; the oldest go first beyond this many (stale generations are never hit). */
const KEPT = 500;
const kept = new WeakMap<Db, Map<string, Promise<unknown>>>();

/**
 * An answer computed once while everything it reads is unchanged. Every write of a provider cache bumps
 * its generation in the same transaction, and every statement writing one of our listed tables bumps
 * that table's generation (a trigger), so an answer is reused only while each generation is the one it
 * was computed at: one small read instead of joining and counting thousands of rows on every page view,
 * and right across instances because the generations live in the database. `reads` must name every
 * cache and table the computation reads.
 */
export async function keptAnswer<T>(
  db: Db,
  reads: Reads,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  return keptAt(db, await dataStamp(db, reads), key, compute);
}

/** An answer computed once per stamp, for a caller that read the stamp with other state. */
export type Kept = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/** The generations of these reads as one JSON column of a larger statement. */
export function generationsColumn(reads: Reads): SQL {
  const query = generationsQuery(reads);
  return query ? sql`(select coalesce(json_agg(g), '[]') from (${query}) g)` : sql`'[]'::json`;
}

/** Answers kept at the generations a statement read through generationsColumn. */
export function keptAtGenerations(db: Db, reads: Reads, column: unknown): Kept {
  const stamp = stampOf(reads, json<Generation[]>(column ?? []));
  return (key, compute) => keptAt(db, stamp, key, compute);
}

/*
 * While background work runs in this process (a sync, the feed's import, the health refresh), what
 * kept answers read changes again and again, and computing a list again on a person's read would make
 * them wait for it (sorting 20,000 websites at each page of a sync). Then a read that finds its answer
 * out of date gets the previous one at once, marked as refreshing (the response says so), and the
 * new one is computed in the background, one at a time per answer; the next read gets it. A person's
 * own change always shows: an answer computed before a person's last write in this process is never
 * served as the previous one. With no background work running, every read is exact, as before.
 */
let backgroundRunning = 0;
let lastPersonWrite = 0;

/** Runs background work (a job): while it runs, out-of-date answers may be served as refreshing. */
export async function asBackgroundWork<T>(work: () => Promise<T>): Promise<T> {
  backgroundRunning++;
  try {
    return await work();
  } finally {
    backgroundRunning--;
  }
}

/** A person's write is starting or has ended: no answer computed before it is served as previous. */
export function notePersonWrite(): void {
  lastPersonWrite = performance.now();
}

type Freshness = { refreshing: boolean };
const freshness = new AsyncLocalStorage<Freshness>();

/** Runs a request's work noting whether any answer it read was a previous one, still refreshing. */
export function watchFreshness(done: () => void): Freshness {
  const store = { refreshing: false };
  freshness.run(store, done);
  return store;
}

type Latest = { stamp: string; value: unknown; startedAt: number };
/** Per database, each key's latest computed answer, and the computation of a newer one under way. */
const latest = new WeakMap<Db, Map<string, Latest>>();
const refreshes = new WeakMap<Db, Map<string, Promise<unknown>>>();

function mapOf<V>(maps: WeakMap<Db, Map<string, V>>, db: Db): Map<string, V> {
  let map = maps.get(db);
  if (!map) {
    map = new Map();
    maps.set(db, map);
  }
  return map;
}

/** keptAnswer with the stamp of its reads already read (with other state, in one statement). */
export function keptAt<T>(db: Db, stamp: string, key: string, compute: () => Promise<T>): Promise<T> {
  const full = `${stamp}\n${key}`;
  const answers = mapOf(kept, db);
  const hit = answers.get(full);
  if (hit) return hit as Promise<T>;
  const previous = mapOf(latest, db).get(key);
  if (previous && backgroundRunning > 0 && previous.startedAt > lastPersonWrite) {
    const store = freshness.getStore();
    if (store) store.refreshing = true;
    const running = mapOf(refreshes, db);
    if (!running.has(key)) {
      const refresh = computeKept(db, answers, full, stamp, key, compute, { whenDone: true });
      running.set(key, refresh);
      refresh.then(
        () => running.delete(key),
        () => running.delete(key),
      );
    }
    return Promise.resolve(previous.value as T);
  }
  return computeKept(db, answers, full, stamp, key, compute);
}

function computeKept<T>(
  db: Db,
  answers: Map<string, Promise<unknown>>,
  full: string,
  stamp: string,
  key: string,
  compute: () => Promise<T>,
  { whenDone = false } = {},
): Promise<T> {
  const startedAt = performance.now();
  const answer = computeChecked(stamp, key, compute);
  // A refresh is kept once done: reads meanwhile get the previous answer, not a wait for this one.
  const keep = (kept: Promise<unknown>) => {
    answers.set(full, kept);
    if (answers.size > KEPT) answers.delete(answers.keys().next().value as string);
  };
  if (!whenDone) keep(answer);
  answer.then(
    (value) => {
      if (whenDone) keep(answer);
      const newest = mapOf(latest, db);
      const now = newest.get(key);
      if (now && now.startedAt > startedAt) return;
      newest.delete(key);
      newest.set(key, { stamp, value, startedAt });
      if (newest.size > KEPT) newest.delete(newest.keys().next().value as string);
    },
    () => {
      if (answers.get(full) === answer) answers.delete(full);
    },
  );
  return answer;
}

/** A statement and its parameters as the key of a kept answer. */
export function keyOf(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return `${text}\n${JSON.stringify(params)}`;
}

/** The rows of a query, kept like keptAnswer; the statement and its parameters are the key. */
export function keptRows<T>(db: Db, reads: Reads, query: SQL): Promise<T[]> {
  return keptAnswer(db, reads, keyOf(query), () => rows<T>(db, query));
}

/** `select count(*) as n …`, kept like keptRows. */
export async function keptCount(db: Db, reads: Reads, query: SQL): Promise<number> {
  const [row] = await keptRows<{ n: number | string }>(db, reads, query);
  return Number(row?.n ?? 0);
}

const stampsReading = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * One cheap read that says whether anything these reads cover changed: the generation of each cache
 * and table. Requests arriving together share one read (ten list calls at once read the generations
 * once): joining a read already on its way costs at most the few milliseconds it started earlier,
 * which is fine for caches (they change in background syncs). A person's own change, answered before
 * they load the list again, must show: so a read covering our tables is joined only on a database
 * that runs statements in order (PGlite), where a read on its way when a change was acknowledged had
 * already answered.
 */
export function dataStamp(db: Db, reads: Reads): Promise<string> {
  const names = namesOf(reads);
  if (reads.tables?.length && !runsInOrder(db)) return readStamp(db, reads);
  const id = names.join(' ');
  let pending = stampsReading.get(db);
  if (!pending) {
    pending = new Map();
    stampsReading.set(db, pending);
  }
  const joined = pending.get(id);
  if (joined) return joined;
  const reading = readStamp(db, reads).finally(() => pending.delete(id));
  pending.set(id, reading);
  return reading;
}

async function readStamp(db: Db, reads: Reads): Promise<string> {
  const query = generationsQuery(reads);
  return query ? stampOf(reads, await rows<Generation>(db, query)) : '';
}

export type Generation = { name: string; generation: number | string };

/** The generations these reads cover, as rows of (name, generation); null when they cover nothing. */
export function generationsQuery(reads: Reads): SQL | null {
  const caches = reads.caches ?? [];
  const tables = reads.tables ?? [];
  const parts = [
    ...(caches.length
      ? [
          sql`select provider || '/' || kind as name, generation from provider_syncs
            where ${sql.join(
              caches.map((k) => sql`(provider = ${k.provider} and kind = ${k.kind})`),
              sql` or `,
            )}`,
        ]
      : []),
    ...(tables.length
      ? [
          sql`select 'table ' || name as name, generation from table_generations
            where name in (${sql.join(
              tables.map((t) => sql`${t}`),
              sql`, `,
            )})`,
        ]
      : []),
  ];
  return parts.length ? sql.join(parts, sql` union all `) : null;
}

/** The stamp of these reads from their generations as read. */
export function stampOf(reads: Reads, found: Generation[]): string {
  const of = new Map(found.map((r) => [r.name, String(r.generation)]));
  // A cache never synced and a table never written read as 0; the first write moves them to 1.
  return namesOf(reads)
    .map((n) => `${n}@${of.get(n) ?? 0}`)
    .join(' ');
}

const namesOf = (reads: Reads) => [
  ...(reads.caches ?? []).map((k) => `${k.provider}/${k.kind}`),
  ...(reads.tables ?? []).map((t) => `table ${t}`),
];
