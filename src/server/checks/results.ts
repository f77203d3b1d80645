import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Context } from '../core/context';
import { badRequest } from '../core/errors';
import { rowsOf } from '../core/sql';
import { checkResults, checkRollups } from '../db/schema';
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

export type Availability = {
  samples: number;
  failures: number;
  responseMsSum: number;
  responses: number;
  /** When the first measured result inside the period was taken: what the figures cover begins there. */
  firstAt: Date;
};

/**
 * Measured figures of checks over [from, to): hourly figures for whole hours already rolled up, raw
 * results for the rest (part hours at the edges, the current hour, hours not yet rolled up). Nothing
 * is inferred: a check without results in the period has no entry.
 */
export async function availability(
  ctx: Pick<Context, 'db'>,
  checkIds: number[],
  from: Date,
  to: Date,
): Promise<Map<number, Availability>> {
  const [only] = await availabilityBySpan(ctx, checkIds, [{ from, to }]);
  return only ?? new Map();
}

/**
 * `availability` for several spans at once (a report's days), by the same rule in one query: one map
 * per span, in the order given.
 */
export async function availabilityBySpan(
  ctx: Pick<Context, 'db'>,
  checkIds: number[],
  spans: { from: Date; to: Date }[],
): Promise<Map<number, Availability>[]> {
  const { db } = ctx;
  const out = spans.map(() => new Map<number, Availability>());
  if (checkIds.length === 0 || spans.length === 0) return out;
  const ids = sql.raw(`(${checkIds.map((id) => Math.trunc(Number(id))).join(',')})`);
  const list = sql.join(
    spans.map(
      (s, i) => sql`(${i}::int, ${s.from.toISOString()}::timestamptz, ${s.to.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = rowsOf<{
    span: number;
    check_id: number;
    samples: string;
    failures: string;
    sum: string;
    responses: string;
    first_at: string;
  }>(
    await db.execute(sql`
      with spans(span, s, e) as (values ${list}),
      hours as (
        -- Each span reads its own range of the index (lateral; offset 0 keeps the planner from flattening
        -- it into one join that compares every hour with every span when it expects few rows).
        select p.span, r.check_id, r.starts_at, r.samples, r.failures, r.response_ms_sum as sum, r.responses,
          coalesce(r.first_at, r.starts_at) as first_at
        from spans p cross join lateral (
          select * from check_rollups r
          where r.period = 'hour' and r.check_id in ${ids}
            and r.starts_at >= p.s and r.starts_at <= p.e - interval '1 hour'
          offset 0) r),
      raw as (
        select p.span, c.check_id, 1 as samples, (not c.ok)::int as failures,
               coalesce(c.response_ms, 0) as sum, (c.response_ms is not null)::int as responses,
               c.due_at as first_at
        from check_results c join spans p on c.due_at >= p.s and c.due_at < p.e
        where c.check_id in ${ids}
          and not exists (select 1 from hours h
                          where h.span = p.span and h.check_id = c.check_id
                            and h.starts_at = date_trunc('hour', c.due_at, 'UTC')))
      select span, check_id, sum(samples) as samples, sum(failures) as failures, sum(sum) as sum,
        sum(responses) as responses, min(first_at) as first_at
      from (select span, check_id, samples, failures, sum, responses, first_at from hours
            union all select * from raw) x
      group by span, check_id`),
  );
  for (const r of rows) {
    out[Number(r.span)]?.set(Number(r.check_id), {
      samples: Number(r.samples),
      failures: Number(r.failures),
      responseMsSum: Number(r.sum),
      responses: Number(r.responses),
      firstAt: new Date(r.first_at),
    });
  }
  return out;
}

/** Uptime in percent (two decimals kept by the caller), or null without any result. */
export const uptimePercent = (a: Availability | undefined) =>
  a && a.samples > 0 ? ((a.samples - a.failures) / a.samples) * 100 : null;

/**
 * Where the measured time of a span begins: the span's start when results cover it from its start (a
 * check's first run may come one interval in), else the first result's time; null when nothing was
 * measured in the span. A figure is never stated for time nobody measured.
 */
export function measuredFrom(a: Availability | undefined, spanStart: Date, slackMs: number): string | null {
  if (!a || a.samples === 0) return null;
  return (a.firstAt.getTime() - spanStart.getTime() <= slackMs ? spanStart : a.firstAt).toISOString();
}

/** A monitor's measured time in a span begins at the span's start, or when the monitor was made if later. */
export function monitorMeasuredFrom(spanStart: Date, made: string | null | undefined): string {
  const at = made ? new Date(made) : null;
  return (at && !Number.isNaN(at.getTime()) && at > spanStart ? at : spanStart).toISOString();
}

/** The check page's 24 h, 7 d and 30 d uptime, each with where its measured time begins. */
export async function uptimeSpans(services: Services, checkId: number, intervalSeconds: number) {
  const now = services.clock.now();
  const slack = Math.max(intervalSeconds * 1000 * 2, HOUR_MS);
  const span = async (ms: number) => {
    const start = new Date(now.getTime() - ms);
    const a = (await availability(services, [checkId], start, now)).get(checkId);
    return { uptime: uptimePercent(a), from: measuredFrom(a, start, slack) };
  };
  const [day, week, month] = await Promise.all([span(DAY_MS), span(7 * DAY_MS), span(30 * DAY_MS)]);
  return {
    day: day.uptime,
    week: week.uptime,
    month: month.uptime,
    measuredFrom: { day: day.from, week: week.from, month: month.from },
  };
}
