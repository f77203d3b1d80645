import { type SQL, sql } from 'drizzle-orm';
import type { Context } from '../core/context';
import { rowsOf } from '../core/sql';
import type { Db } from '../db/client';

/** What our own checks add to the dashboard: how many watch now, and each check's 30 days. */
export type ChecksFigures = {
  total: number;
  /** Per check with figures: uptime in percent and mean response time over 30 days. */
  measured: { checkId: number; uptime: number; avgResponseMs: number | null }[];
};

const DAY_MS = 86_400_000;
type Measured = ChecksFigures['measured'];
const kept = new WeakMap<Db, { stamp: string; measured: Promise<Measured> }>();

/**
 * How many checks watch now (paused ones aside; of a limited person's clients only: `mine` over a
 * check's website_id) and what says whether their 30-day figures changed (every check's).
 */
export const checksCountsQuery = (now: Date, mine: SQL = sql`true`) => sql`select
    count(*) filter (where not paused and ${mine})::int as total,
    concat_ws(' ', count(*), max(updated_at), (select max(starts_at) from check_rollups where period = 'hour'),
      ${new Date(now.getTime() - 30 * DAY_MS).toISOString().slice(0, 10)}::text) as stamp
  from checks`;
export type ChecksCounts = { total: number; stamp: string };

/**
 * Our checks' counts (read by checksCountsQuery, with the dashboard's other state in one statement),
 * and their 30-day figures from the daily roll-ups, which the hourly roll-up keeps current to the last
 * full hour. The figures are kept until a roll-up runs or a check is added, changed or removed: the
 * dashboard does not re-add 300,000 rows per view.
 */
export async function checksFigures(
  ctx: Pick<Context, 'db'>,
  now: Date,
  c: ChecksCounts | null,
): Promise<ChecksFigures> {
  const { db } = ctx;
  const total = Number(c?.total ?? 0);
  if (total === 0) return { total: 0, measured: [] };
  const stamp = String(c!.stamp);
  let hit = kept.get(db);
  if (hit?.stamp !== stamp) {
    hit = { stamp, measured: read(db, now) };
    kept.set(db, hit);
    hit.measured.catch(() => kept.delete(db));
  }
  return { total, measured: await hit.measured };
}

async function read(db: Db, now: Date): Promise<Measured> {
  const from = new Date(now.getTime() - 30 * DAY_MS);
  const days =
    await db.execute(sql`select r.check_id, sum(r.samples)::int as samples, sum(r.failures)::int as failures,
        sum(r.response_ms_sum)::float8 as sum, sum(r.responses)::int as responses
      from check_rollups r join checks c on c.id = r.check_id and not c.paused
      where r.period = 'day' and r.starts_at >= ${from}
      group by r.check_id`);
  return rowsOf<{ check_id: number; samples: number; failures: number; sum: number; responses: number }>(days)
    .filter((r) => Number(r.samples) > 0)
    .map((r) => ({
      checkId: Number(r.check_id),
      uptime: ((Number(r.samples) - Number(r.failures)) / Number(r.samples)) * 100,
      avgResponseMs: Number(r.responses) ? Number(r.sum) / Number(r.responses) : null,
    }));
}
