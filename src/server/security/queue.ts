import { type SQL, sql } from 'drizzle-orm';
import type { Context } from '../core/context';
import { json, rows, websiteIdRanges } from '../core/sql';
import type { Db } from '../db/client';
import { securityWatermarks } from '../db/schema';
import { fleetWhere } from '../fleet';
import { hitsOf } from './hits';

/**
 * The security jobs that look at websites' findings: each has its own queue of websites to look at
 * again (`security_pending`) and its own watermark (`security_watermarks`).
 *
 * Why a queue and not a pass over the fleet: at 20,000 websites of 100 plugins each, the findings of
 * the whole fleet are millions of rows, far too many for one statement while people wait (on the
 * embedded database a statement holds the only connection). The job looks only at websites whose
 * findings may have changed, a batch at a time, and stays correct because every way a finding can
 * appear or go is queued:
 * - what a site runs, its WordPress version, whether its software is known, whether it is removed:
 *   triggers queue the website in the same transaction as the write, so it is queued exactly when the
 *   change is visible;
 * - a version newly matched against the feed in force: a trigger queues the websites running it;
 * - a new feed generation (new records, severities, fixes, withdrawn records): the job queues every
 *   website once when it first sees the generation (`catchUp`);
 * - for the alerts, a dismissal changed or dropped (a trigger) or ended with time (the job queues the
 *   websites whose dismissals ended since its last run).
 * A website is taken off the queue in the transaction that records what was found on it, so a run cut
 * short leaves the rest queued for the next run, and nothing taken is lost.
 */
export type SecurityJob = 'alerts' | 'history';

/** Websites queued per statement when a new feed generation queues the whole fleet. */
const QUEUE_RANGE = 5_000;

/** Rows a job writes per statement at most (a batch's findings, recorded or opened). */
export const ROWS_PER_STATEMENT = 2_000;

export function* chunks<T>(list: T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

/** A list of website ids as SQL (`in` list): numbers only, so safe to write inline. */
export const idList = (ids: number[]): SQL => sql.raw(`(${ids.map((id) => Number(id)).join(',') || 'null'})`);

/**
 * A condition on a column of website ids in a table of many rows per website: one of `ids` (a batch).
 * Its range is said too: the planner reads a range's share of a table right even on statistics taken
 * before the fleet arrived (a list alone it may then take for most of the table), so it reads the
 * batch's rows by index.
 */
export const amongIds =
  (ids: number[]) =>
  (column: SQL): SQL =>
    ids.length === 0
      ? sql`false`
      : sql`${column} in ${idList(ids)} and ${column} between ${Math.min(...ids)} and ${Math.max(...ids)}`;

/**
 * The checked websites among those `among` selects (SQL selecting `id` for `hitsOf`): not removed,
 * software known. The Security page's selection, limited to one batch.
 */
export const checkedAmong = (ctx: Pick<Context, 'actor'>, among: (column: SQL) => SQL): SQL =>
  sql`select w.id from websites w join website_facts f on f.website_id = w.id
    where ${fleetWhere(ctx, {})} and f.software_at is not null and ${among(sql`w.id`)}`;

/**
 * A batch's websites by their list alone: a list of a unique key is estimated right without any
 * statistics, and the batch's other reads are planned from it (a range added here would make the
 * planner believe in one website and read a table whole for each of them).
 */
const listedIds = (ids: number[]) => (column: SQL) => sql`${column} in ${idList(ids)}`;

/**
 * The findings of the websites `ids` (one batch) as `select` (SQL reading `h`, the batch's findings as
 * `hitsOf` gives them) lists them, in one statement; null when `generation` is no longer the feed in
 * force. A new feed is put in force before the previous generation's matches go, so a statement that
 * still sees `generation` in force also sees all of its matches; one that does not must not take what
 * it reads for the truth (every finding would look gone), and the new generation queues the fleet.
 * The ids also limit the reads of what the sites run: a batch reads its own rows by index.
 */
export async function findingsOf<T>(
  ctx: Pick<Context, 'db' | 'clock' | 'actor'>,
  generation: number,
  ids: number[],
  select: SQL,
): Promise<T[] | null> {
  const [answer] = await rows<{ generation: number; found: T[] | string }>(
    ctx.db,
    findingsSql(ctx, generation, ids, select),
  );
  if (!answer || Number(answer.generation) !== generation) return null;
  return json<T[]>(answer.found);
}

/** The statement `findingsOf` runs: one row, the generation in force and what `select` found (JSON). */
export const findingsSql = (
  ctx: Pick<Context, 'clock' | 'actor'>,
  generation: number,
  ids: number[],
  select: SQL,
): SQL =>
  sql`with h as materialized (${hitsOf(ctx, checkedAmong(ctx, listedIds(ids)), generation, amongIds(ids))})
    select vf.generation, coalesce((select json_agg(x) from (${select}) x), '[]'::json) as found
    from vulnerability_feed vf`;

/**
 * Statistics of the feed's tables once a new generation is in force: until they are taken, the planner
 * believes the new generation has next to no rows and may read the whole feed for every finding. Only
 * the column that tells generations apart, so it reads a sample and ends in a moment.
 */
export async function analyzeFeed(db: Db): Promise<void> {
  await db.execute(sql`analyze vulnerability_matches (generation), vulnerabilities (generation)`);
}

/** A job's watermark, locked for the rest of the transaction (two runs at once catch up one at a time). */
export async function lockWatermark(
  db: Db,
  job: SecurityJob,
): Promise<typeof securityWatermarks.$inferSelect | undefined> {
  const [mark] = await rows<{
    job: string;
    generation: number;
    quiet: boolean;
    dismissals_at: Date | string | null;
  }>(
    db,
    sql`select job, generation, quiet, dismissals_at from security_watermarks where job = ${job} for update`,
  );
  if (!mark) return undefined;
  return {
    job: mark.job,
    generation: Number(mark.generation),
    quiet: mark.quiet,
    dismissalsAt: mark.dismissals_at === null ? null : new Date(mark.dismissals_at),
  };
}

export async function saveWatermark(
  db: Db,
  mark: typeof securityWatermarks.$inferInsert & { job: SecurityJob },
): Promise<void> {
  const { job: _job, ...set } = mark;
  await db
    .insert(securityWatermarks)
    .values(mark)
    .onConflictDoUpdate({ target: securityWatermarks.job, set });
}

/**
 * Queues every website for `job`, a range of ids per statement (a few thousand rows each, never the
 * fleet in one statement). Called before the watermark records the generation: a run cut short
 * queues the fleet again next time, which changes nothing already queued.
 */
export async function queueFleet(db: Db, job: SecurityJob): Promise<void> {
  for (const [from, to] of await websiteIdRanges(db, QUEUE_RANGE))
    await db.execute(sql`insert into security_pending (job, website_id)
      select ${job}, id from websites where id between ${from} and ${to}
      on conflict (job, website_id) do nothing`);
}

/** Queues `ids` for `job` (one statement). */
export async function queueWebsites(db: Db, job: SecurityJob, ids: SQL): Promise<void> {
  await db.execute(sql`insert into security_pending (job, website_id)
    select distinct ${job}, q.id from (${ids}) q(id) on conflict (job, website_id) do nothing`);
}

/**
 * Up to `limit` websites queued for `job`, lowest ids first, locked until the caller's transaction
 * ends: another run skips them, and a writer queuing one of them again waits for that transaction,
 * then queues it afresh. Call inside the transaction that records what was found and then `done`.
 */
export async function takeQueued(db: Db, job: SecurityJob, limit: number): Promise<number[]> {
  const taken = await rows<{ website_id: number }>(
    db,
    sql`select website_id from security_pending where job = ${job}
      order by website_id limit ${limit} for update skip locked`,
  );
  return taken.map((r) => Number(r.website_id));
}

/** Takes `ids` off `job`'s queue: in the transaction that recorded what was found on them. */
export async function done(db: Db, job: SecurityJob, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`delete from security_pending where job = ${job} and website_id in ${idList(ids)}`);
}
