import { and, eq, inArray, or } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { JobSpec } from '../core/jobs/engine';
import { addressPolicy } from '../core/outbound';
import { type CheckRow, checkResults, checks } from '../db/schema';
import type { Services } from '../services';
import { type ProbeResult, parseExpectedStatus, probeHttp } from './probe';
import { type ProbeOutcome, recordResults } from './record';
import { BATCH_JOB, type DueCheck } from './schedule';

/** Probes in flight in this process at most: a batch of slow targets must not starve the others. */
const probes = pLimit(256);

/**
 * Runs one batch of due checks: each probed (concurrently, within the process limit), then all their
 * results recorded in one transaction. A batch retried after its instance died skips what was already
 * recorded for those due times.
 */
export async function runBatch(services: Services, due: DueCheck[], signal?: AbortSignal): Promise<number> {
  const { db } = services;
  const ids = due.map((d) => d.id);
  const rows = await db.select().from(checks).where(inArray(checks.id, ids));
  const done = await db
    .select({ checkId: checkResults.checkId, dueAt: checkResults.dueAt })
    .from(checkResults)
    .where(
      or(...due.map((d) => and(eq(checkResults.checkId, d.id), eq(checkResults.dueAt, new Date(d.dueAt))))),
    );
  const recorded = new Set(done.map((r) => `${r.checkId}@${r.dueAt.getTime()}`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const todo = due.filter(
    (d) => byId.has(d.id) && !byId.get(d.id)!.paused && !recorded.has(`${d.id}@${Date.parse(d.dueAt)}`),
  );
  const outcomes = await Promise.all(
    todo.map((d) =>
      probes(async (): Promise<ProbeOutcome> => {
        const row = byId.get(d.id)!;
        const startedAt = Date.now();
        const result = await probe(services, row, signal);
        return {
          checkId: row.id,
          dueAt: new Date(d.dueAt),
          lagMs: Math.max(0, startedAt - Date.parse(d.dueAt)),
          result,
        };
      }),
    ),
  );
  await recordResults(services, outcomes);
  return outcomes.length;
}

function probe(services: Services, row: CheckRow, signal?: AbortSignal): Promise<ProbeResult> {
  const expected = parseExpectedStatus(row.expectedStatus);
  return probeHttp(
    {
      url: row.url,
      timeoutMs: row.timeoutSeconds * 1000,
      expectedStatus: expected.ok ? expected.ranges : undefined,
      keyword: row.keyword ?? undefined,
      keywordMode: row.keywordMode as 'present' | 'absent',
      // Our websites are GridPane's WordPress sites: their own error pages served with 200 are down.
      wordpress: row.websiteId !== null,
    },
    { ...addressPolicy(services.config), ca: services.config.checks.extraCa, signal },
  );
}

export const batchJob = (services: Services): JobSpec<{ checks: DueCheck[] }> => ({
  name: BATCH_JOB.name,
  policy: 'standard',
  heartbeatSeconds: 10,
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireInSeconds: 120,
  // Batches mostly wait on the network: several at once per instance, probes capped process-wide.
  concurrency: 3,
  batchSize: 4,
  run: (data, job) => runBatch(services, data.checks, job.signal),
});
