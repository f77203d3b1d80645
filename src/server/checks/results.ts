import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkResults, checkRollups } from '../db/schema';
import { badRequest } from '../http/errors';
import { rowsOf } from '../maintenance/coverage';
import type { Services } from '../services';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MAX_RAW_ROWS = 20_000;

/** A check's raw results in a period (the last 24 h by default), and hourly figures for older parts. */
export async function listResults(
  services: Services,
  checkId: number,
  query: { from?: string; to?: string },
) {
  const now = services.clock.now();
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DAY_MS);
  if (from >= to) throw badRequest('from must be before to', { from: ['from must be before to'] });
  if (to.getTime() - from.getTime() > 400 * DAY_MS) {
    throw badRequest('The period can be at most 400 days', { from: ['The period can be at most 400 days'] });
  }
  const raw = await services.db
    .select()
    .from(checkResults)
    .where(and(eq(checkResults.checkId, checkId), gte(checkResults.dueAt, from), lt(checkResults.dueAt, to)))
    .orderBy(asc(checkResults.dueAt))
    .limit(MAX_RAW_ROWS);
  const hourly = await services.db
    .select()
    .from(checkRollups)
    .where(
      and(
        eq(checkRollups.checkId, checkId),
        eq(checkRollups.period, 'hour'),
        gte(checkRollups.startsAt, from),
        lt(checkRollups.startsAt, to),
      ),
    )
    .orderBy(asc(checkRollups.startsAt));
  return {
    data: raw.map((r) => ({
      at: r.dueAt.toISOString(),
      ok: r.ok,
      responseMs: r.responseMs,
      status: r.statusCode,
      error: r.error,
    })),
    hourly: hourly.map((h) => ({
      at: h.startsAt.toISOString(),
      samples: h.samples,
      failures: h.failures,
      avgResponseMs: h.responses ? Math.round(h.responseMsSum / h.responses) : null,
    })),
  };
}

export type Availability = { samples: number; failures: number; responseMsSum: number; responses: number };

/**
 * Measured figures of checks over [from, to): hourly figures for whole hours already rolled up, raw
 * results for the rest (part hours at the edges, the current hour, hours not yet rolled up). Nothing
 * is inferred: a check without results in the period has no entry.
 */
export async function availability(
  db: Db,
  checkIds: number[],
  from: Date,
  to: Date,
): Promise<Map<number, Availability>> {
  const out = new Map<number, Availability>();
  if (checkIds.length === 0) return out;
  const ids = sql.raw(`(${checkIds.map((id) => Math.trunc(Number(id))).join(',')})`);
  const rows = rowsOf<{
    check_id: number;
    samples: string;
    failures: string;
    sum: string;
    responses: string;
  }>(
    await db.execute(sql`
      with hours as (
        select r.check_id, r.starts_at, r.samples, r.failures, r.response_ms_sum as sum, r.responses
        from check_rollups r
        where r.period = 'hour' and r.check_id in ${ids} and r.starts_at >= ${from}
          and r.starts_at + interval '1 hour' <= ${to}),
      raw as (
        select c.check_id, 1 as samples, (not c.ok)::int as failures, coalesce(c.response_ms, 0) as sum,
               (c.response_ms is not null)::int as responses
        from check_results c
        where c.check_id in ${ids} and c.due_at >= ${from} and c.due_at < ${to}
          and not exists (select 1 from hours h
                          where h.check_id = c.check_id and h.starts_at = date_trunc('hour', c.due_at, 'UTC')))
      select check_id, sum(samples) as samples, sum(failures) as failures, sum(sum) as sum, sum(responses) as responses
      from (select check_id, samples, failures, sum, responses from hours union all select * from raw) x
      group by check_id`),
  );
  for (const r of rows) {
    out.set(Number(r.check_id), {
      samples: Number(r.samples),
      failures: Number(r.failures),
      responseMsSum: Number(r.sum),
      responses: Number(r.responses),
    });
  }
  return out;
}

/** Uptime in percent (two decimals kept by the caller), or null without any result. */
export const uptimePercent = (a: Availability | undefined) =>
  a && a.samples > 0 ? ((a.samples - a.failures) / a.samples) * 100 : null;

/** The check page's 24 h, 7 d and 30 d uptime. */
export async function uptimeSpans(services: Services, checkId: number) {
  const now = services.clock.now();
  const span = async (ms: number) =>
    uptimePercent(
      (await availability(services.db, [checkId], new Date(now.getTime() - ms), now)).get(checkId),
    );
  return { day: await span(DAY_MS), week: await span(7 * DAY_MS), month: await span(30 * DAY_MS) };
}
