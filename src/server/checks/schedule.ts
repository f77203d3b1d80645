import { sql } from 'drizzle-orm';
import type { JobSpec } from '../core/jobs/engine';
import { defineJob } from '../core/jobs/registry';
import { rowsOf } from '../core/sql';
import type { Services } from '../services';

export const SCHEDULER_JOB = defineJob('checks-scheduler');
export const BATCH_JOB = defineJob<{ checks: DueCheck[] }>('check-batch');
/** Checks run in batches of this many: 10,000 checks a minute is ~7 jobs a second, not 170. */
export const BATCH_SIZE = 25;
const TICK_MS = 1000;
/** One scheduler job ticks for this long, then hands over to the next (queued when it started). */
const TURN_MS = 60_000;

export type DueCheck = { id: number; dueAt: string };

/**
 * Claims the checks that are due and queues their runs, in one transaction: a check's next due time
 * moves on exactly when its run is queued, so no run is lost or doubled whichever instance does it.
 * The cadence keeps its rhythm (due + interval); after a long stop it starts again from now.
 */
export async function queueDueChecks(services: Services, limit = 5000): Promise<number> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const due = rowsOf<{ id: number; due_at: Date | string }>(
      await tx.execute(sql`
        with due as (
          select id, next_due_at, interval_seconds from checks
          where not paused and next_due_at <= ${now}
          order by next_due_at limit ${limit}
          for update skip locked)
        update checks c set next_due_at = case
            when due.next_due_at + due.interval_seconds * interval '1 second' > ${now}
              then due.next_due_at + due.interval_seconds * interval '1 second'
            else ${now}::timestamptz + due.interval_seconds * interval '1 second' end
        from due where c.id = due.id
        returning c.id, due.next_due_at as due_at`),
    );
    const runs: DueCheck[] = due
      .map((d) => ({ id: Number(d.id), dueAt: new Date(d.due_at).toISOString() }))
      .sort((a, b) => a.dueAt.localeCompare(b.dueAt));
    const batches = [];
    for (let i = 0; i < runs.length; i += BATCH_SIZE)
      batches.push({ data: { checks: runs.slice(i, i + BATCH_SIZE) } });
    await services.jobs.insert(BATCH_JOB, batches, { tx });
    return runs.length;
  });
}

/**
 * The scheduler is a job too: one instance at a time ticks every second for a minute, having queued
 * its successor, so the turn passes on without a gap; if its instance dies, the job engine gives the
 * turn to another (heartbeat), and an every-minute cron restarts the chain if it ever broke.
 */
export const schedulerJob = (services: Services): JobSpec => ({
  name: SCHEDULER_JOB.name,
  policy: 'stately',
  heartbeatSeconds: 10,
  retryLimit: 1,
  retryDelaySeconds: 1,
  expireInSeconds: 5 * 60,
  cron: '* * * * *',
  perpetual: true,
  run: async (_data, job) => {
    await services.jobs.send(SCHEDULER_JOB);
    const until = Date.now() + TURN_MS;
    while (Date.now() < until && !job.signal.aborted) {
      const started = Date.now();
      await queueDueChecks(services);
      await sleep(Math.max(0, TICK_MS - (Date.now() - started)), job.signal);
    }
  },
});

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
