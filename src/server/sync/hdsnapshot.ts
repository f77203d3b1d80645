import { and, eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { DEFAULT_HDSNAPSHOT_URL_TEMPLATE } from '../../shared/integrations';
import { AppError } from '../core/errors';
import type { JobSpec } from '../core/jobs/engine';
import { websiteFacts, websites } from '../db/schema';
import { loadSettings, recordProviderActivity } from '../integrations';
import { FACTS_JOB, HDSNAPSHOT } from '../providers/hdsnapshot/keys';
import { PLUGIN_DIRECTORY_JOB } from '../providers/wporg/keys';
import type { Services } from '../services';
import { MATCH_JOB } from '../vulnerabilities';
import { recordSnapshotFacts } from '../websites';

/** Sites are asked at most this often by the sweep; a site page's own fetch records facts too. */
const SWEEP_EVERY_MS = 6 * 3_600_000;
/** Each call runs PHP on a client's site: a few at a time. */
const CONCURRENCY = 8;

/**
 * Asks the HD Snapshot plugin of every hosted website not asked lately, a few at a time, and records
 * the answers. Does nothing while the integration is not set up. Returns how many answered.
 */
export async function sweepFacts(services: Services): Promise<{ answered: number; failed: number }> {
  let settings: Awaited<ReturnType<typeof loadSettings>>;
  try {
    settings = await loadSettings(services, HDSNAPSHOT);
  } catch (err) {
    if (err instanceof AppError) return { answered: 0, failed: 0 }; // not configured or switched off
    throw err;
  }
  if (!settings.globalToken) return { answered: 0, failed: 0 };
  const { db, clock } = services;
  const before = new Date(clock.now().getTime() - SWEEP_EVERY_MS);
  const due = await db
    .select({ id: websites.id, domain: websites.domain })
    .from(websites)
    .leftJoin(websiteFacts, eq(websiteFacts.websiteId, websites.id))
    .where(
      and(
        eq(websites.removed, false),
        sql`(${websiteFacts.attemptedAt} is null or ${websiteFacts.attemptedAt} < ${before})`,
      ),
    );
  const limit = pLimit(CONCURRENCY);
  let answered = 0;
  let failed = 0;
  await Promise.all(
    due.map((site) =>
      limit(async () => {
        try {
          const result = await services.providers.snapshot({
            domain: site.domain,
            token: settings.globalToken!,
            urlTemplate: settings.urlTemplate ?? DEFAULT_HDSNAPSHOT_URL_TEMPLATE,
          });
          await recordSnapshotFacts({ db }, site.id, { ok: true, snapshot: result.snapshot }, clock.now());
          answered++;
        } catch (err) {
          const error = err instanceof Error ? err.message : 'HD Snapshot request failed';
          await recordSnapshotFacts({ db }, site.id, { ok: false, error }, clock.now());
          failed++;
        }
      }),
    ),
  );
  // What the sites now run is matched against the vulnerability feed at once, not at the next slot.
  if (answered) await services.jobs.send(MATCH_JOB).catch(() => undefined);
  // New plugins are asked of wordpress.org's directory (closed or never listed) soon, not tomorrow.
  if (answered) await services.jobs.send(PLUGIN_DIRECTORY_JOB).catch(() => undefined);
  if (due.length) {
    await recordProviderActivity({ db }, HDSNAPSHOT, {
      calls: due.length,
      ok: failed === 0,
      error: failed ? `${failed} of ${due.length} sites did not answer` : undefined,
      at: clock.now(),
    });
  }
  return { answered, failed };
}

export const factsJob = (services: Services): JobSpec => ({
  name: FACTS_JOB.name,
  policy: 'stately',
  retryLimit: 2,
  // Every 10 minutes: each run asks only the sites not asked in the last 6 hours (new sites soon).
  cron: '*/10 * * * *',
  expireInSeconds: 3600,
  run: () => sweepFacts(services),
});
