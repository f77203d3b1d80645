import { sql } from 'drizzle-orm';
import type { JobSpec } from '../core/jobs/engine';
import type { Services } from '../services';

const HOUR_MS = 3_600_000;

/**
 * Sums results per hour (UTC) and per day, kept for a year: recomputes the hours since the last one
 * rolled up (so a missed run catches up), and the days of those hours. Idempotent: running it twice
 * gives the same figures.
 */
export async function rollUp(services: Services): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const retention = new Date(now.getTime() - services.config.checks.resultsDays * 24 * HOUR_MS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into check_rollups (check_id, period, starts_at, samples, failures, response_ms_sum, responses,
        first_at)
      select check_id, 'hour', date_trunc('hour', due_at, 'UTC'), count(*), count(*) filter (where not ok),
             coalesce(sum(response_ms), 0), count(response_ms), min(due_at)
      from check_results
      where due_at < ${hourStart}
        and due_at >= greatest(${retention}::timestamptz,
          coalesce((select max(starts_at) from check_rollups where period = 'hour'), ${retention}::timestamptz))
      group by 1, 2, 3
      on conflict (check_id, period, starts_at) do update set samples = excluded.samples,
        failures = excluded.failures, response_ms_sum = excluded.response_ms_sum, responses = excluded.responses,
        first_at = excluded.first_at`);
    await tx.execute(sql`
      insert into check_rollups (check_id, period, starts_at, samples, failures, response_ms_sum, responses,
        first_at)
      select check_id, 'day', date_trunc('day', starts_at, 'UTC'), sum(samples), sum(failures),
             sum(response_ms_sum), sum(responses), min(coalesce(first_at, starts_at))
      from check_rollups
      where period = 'hour' and starts_at >= date_trunc('day',
        coalesce((select max(starts_at) from check_rollups where period = 'day'), ${retention}::timestamptz), 'UTC')
      group by 1, 2, 3
      on conflict (check_id, period, starts_at) do update set samples = excluded.samples,
        failures = excluded.failures, response_ms_sum = excluded.response_ms_sum, responses = excluded.responses,
        first_at = excluded.first_at`);
  });
}

/** Raw results older than CHECK_RESULTS_DAYS, figures older than a year, old deliveries: once a day. */
export async function pruneResults(services: Services): Promise<void> {
  const now = services.clock.now().getTime();
  const rawBefore = new Date(now - services.config.checks.resultsDays * 24 * HOUR_MS);
  const yearBefore = new Date(now - 366 * 24 * HOUR_MS);
  await rollUp(services); // nothing is pruned before it is summed
  await services.db.execute(sql`delete from check_results where due_at < ${rawBefore}`);
  await services.db.execute(sql`delete from check_rollups where starts_at < ${yearBefore}`);
  await services.db.execute(sql`delete from alert_deliveries where created_at < ${yearBefore}`);
}

export const rollupJob = (services: Services): JobSpec => ({
  name: 'checks-rollup',
  policy: 'stately',
  retryLimit: 2,
  cron: '2 * * * *',
  run: () => rollUp(services),
});

export const pruneJob = (services: Services): JobSpec => ({
  name: 'checks-prune',
  policy: 'stately',
  retryLimit: 2,
  cron: '41 3 * * *',
  run: () => pruneResults(services),
});
