import { desc, eq, sql } from 'drizzle-orm';
import type { Context } from '../core/context';
import { websiteFacts, websiteVersions } from '../db/schema';
import type { Snapshot } from '../providers/hdsnapshot/client';

export type SnapshotAnswer =
  | { ok: true; snapshot: Pick<Snapshot, 'wordpress_version' | 'php_version'> }
  | { ok: false; error: string };

/**
 * Records what the HD Snapshot plugin of a website said (or why it did not answer): the fleet view,
 * coverage and reports read it. A change of WordPress or PHP version is kept with its time, so a
 * report states the versions a site ran at the end of its period.
 */
export async function recordSnapshotFacts(
  ctx: Pick<Context, 'db'>,
  websiteId: number,
  answer: SnapshotAnswer,
  at: Date,
): Promise<void> {
  const { db } = ctx;
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
  ctx: Pick<Context, 'db'>,
  byWebsite: { websiteId: number; php: string | null }[],
): Promise<void> {
  const { db } = ctx;
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
