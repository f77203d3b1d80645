import { and, desc, eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { DEFAULT_HDSNAPSHOT_URL_TEMPLATE } from '../../shared/integrations';
import type { Db } from '../db/client';
import { websiteFacts, websites, websiteVersions } from '../db/schema';
import { AppError } from '../http/errors';
import { loadSettings, recordProviderActivity } from '../integrations/service';
import type { JobSpec } from '../jobs/engine';
import type { Snapshot } from '../providers/hdsnapshot/client';
import type { Services } from '../services';

type Answer =
  | { ok: true; snapshot: Pick<Snapshot, 'wordpress_version' | 'php_version'> }
  | { ok: false; error: string };

/**
 * Records what the HD Snapshot plugin of a website said (or why it did not answer): the fleet view,
 * coverage and reports read it. A change of WordPress or PHP version is kept with its time, so a
 * report states the versions a site ran at the end of its period.
 */
export async function recordSnapshotFacts(
  db: Db,
  websiteId: number,
  answer: Answer,
  at: Date,
): Promise<void> {
  if (!answer.ok) {
    await db
      .insert(websiteFacts)
      .values({ websiteId, snapshotOk: false, snapshotError: answer.error, attemptedAt: at })
      .onConflictDoUpdate({
        target: websiteFacts.websiteId,
        set: { snapshotOk: false, snapshotError: answer.error, attemptedAt: at },
      });
    return;
  }
  const wordpressVersion = answer.snapshot.wordpress_version;
  const php = answer.snapshot.php_version;
  await db.transaction(async (tx) => {
    await tx
      .insert(websiteFacts)
      .values({ websiteId, wordpressVersion, php, snapshotAt: at, snapshotOk: true, attemptedAt: at })
      .onConflictDoUpdate({
        target: websiteFacts.websiteId,
        set: {
          wordpressVersion,
          php,
          snapshotAt: at,
          snapshotOk: true,
          snapshotError: null,
          attemptedAt: at,
        },
      });
    const [last] = await tx
      .select()
      .from(websiteVersions)
      .where(eq(websiteVersions.websiteId, websiteId))
      .orderBy(desc(websiteVersions.seenAt))
      .limit(1);
    if (last && last.wordpressVersion === wordpressVersion && last.php === php) return;
    await tx
      .insert(websiteVersions)
      .values({ websiteId, seenAt: at, wordpressVersion, php })
      .onConflictDoNothing();
  });
}

/** The PHP version each website's host runs it on (GridPane's site list), written with the sync. */
export async function recordHostPhp(
  db: Db,
  byWebsite: { websiteId: number; php: string | null }[],
): Promise<void> {
  for (let i = 0; i < byWebsite.length; i += 1000) {
    const batch = byWebsite.slice(i, i + 1000);
    await db.execute(sql`
      insert into website_facts (website_id, host_php)
      select x.website_id, x.php from jsonb_to_recordset(${JSON.stringify(
        batch.map((b) => ({ website_id: b.websiteId, php: b.php })),
      )}::jsonb) as x(website_id int, php text)
      on conflict (website_id) do update set host_php = excluded.host_php
      where website_facts.host_php is distinct from excluded.host_php`);
  }
}

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
    settings = await loadSettings(services, 'hdsnapshot');
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
          await recordSnapshotFacts(db, site.id, { ok: true, snapshot: result.snapshot }, clock.now());
          answered++;
        } catch (err) {
          const error = err instanceof Error ? err.message : 'HD Snapshot request failed';
          await recordSnapshotFacts(db, site.id, { ok: false, error }, clock.now());
          failed++;
        }
      }),
    ),
  );
  if (due.length) {
    await recordProviderActivity(db, 'hdsnapshot', {
      calls: due.length,
      ok: failed === 0,
      error: failed ? `${failed} of ${due.length} sites did not answer` : undefined,
      at: clock.now(),
    });
  }
  return { answered, failed };
}

export const FACTS_JOB = 'website-facts';

export const factsJob = (services: Services): JobSpec => ({
  name: FACTS_JOB,
  policy: 'stately',
  retryLimit: 2,
  // Every 10 minutes: each run asks only the sites not asked in the last 6 hours (new sites soon).
  cron: '*/10 * * * *',
  expireInSeconds: 3600,
  run: () => sweepFacts(services),
});
