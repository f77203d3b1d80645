import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Context } from '../core/context';
import type { Db } from '../db/client';
import { websiteFacts, websiteSoftware, websiteVersions } from '../db/schema';
import type { Snapshot } from '../providers/hdsnapshot/client';
import { HDSNAPSHOT } from '../providers/hdsnapshot/keys';
import type { Software } from '../providers/hdsnapshot/parse';

/**
 * What a site's HD Snapshot plugin said. `software` null: it does not report its plugin list (the
 * list we kept goes, a site never reads as running nothing); left out: the answer says nothing of it.
 */
export type SnapshotAnswer =
  | {
      ok: true;
      snapshot: Pick<Snapshot, 'wordpress_version' | 'php_version'> & { software?: Software | null };
    }
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
    if (answer.snapshot.software !== undefined)
      await recordSoftware(tx, websiteId, answer.snapshot.software, HDSNAPSHOT, at);
    if (last && last.wordpressVersion === wordpressVersion && last.php === php) return;
    await tx
      .insert(websiteVersions)
      .values({ websiteId, seenAt: at, wordpressVersion, php })
      .onConflictDoNothing();
  });
}

/** A digest of a plugin and theme list, the same whatever order the site listed them in. */
function digest(software: Software): string {
  const rows = [
    ...software.plugins.map((p) => [
      'plugin',
      p.slug,
      p.file,
      p.name,
      p.version,
      p.active,
      p.updateVersion,
      p.autoUpdate,
    ]),
    ...software.themes.map((t) => ['theme', t.slug, null, t.name, t.version, t.active, null, null, t.parent]),
  ].sort((a, b) => `${a[0]}/${a[1]}`.localeCompare(`${b[0]}/${b[1]}`));
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/**
 * How long the site's own WordPress list (HD Snapshot) outranks its host's: a host's list takes over
 * once WordPress's is older than this.
 */
export const OWN_LIST_PRECEDENCE_MS = 24 * 3_600_000;

/**
 * Keeps the plugins and themes a website runs as `source` listed them at `at`. The rows are replaced
 * only when the list changed (a sweep of an unchanged fleet writes only the time); null clears them.
 * Two sources may list one website: its own WordPress (HD Snapshot), and its host (Kinsta). WordPress's
 * own list wins while it is fresh; the host's stands in when WordPress has none or has not answered for
 * a day. A source with nothing to say (null) clears only a list it wrote itself.
 */
export async function recordSoftware(
  db: Db,
  websiteId: number,
  software: Software | null,
  source: string,
  at: Date,
): Promise<void> {
  const hash = software ? digest(software) : null;
  const [kept] = await db
    .select({
      hash: websiteFacts.softwareHash,
      source: websiteFacts.softwareSource,
      at: websiteFacts.softwareAt,
    })
    .from(websiteFacts)
    .where(eq(websiteFacts.websiteId, websiteId));
  if (kept?.source && kept.source !== source) {
    if (!software) return;
    const ownIsFresh =
      kept.source === HDSNAPSHOT && kept.at && at.getTime() - kept.at.getTime() < OWN_LIST_PRECEDENCE_MS;
    if (ownIsFresh) return;
  }
  const facts = {
    softwareAt: software ? at : null,
    softwareSource: software ? source : null,
    softwareHash: hash,
  };
  await db
    .insert(websiteFacts)
    .values({ websiteId, ...facts })
    .onConflictDoUpdate({ target: websiteFacts.websiteId, set: facts });
  if (kept?.hash === hash && kept?.source === facts.softwareSource) return;
  // A version read before keeps the time it was first read, so "unchanged for N days" survives re-reads.
  const before = await db
    .select({
      type: websiteSoftware.type,
      slug: websiteSoftware.slug,
      version: websiteSoftware.version,
      since: websiteSoftware.versionSince,
    })
    .from(websiteSoftware)
    .where(eq(websiteSoftware.websiteId, websiteId));
  const sinceOf = new Map(before.map((r) => [`${r.type}:${r.slug}:${r.version}`, r.since]));
  const since = (type: string, slug: string, version: string | null) =>
    sinceOf.get(`${type}:${slug}:${version}`) ?? at;
  await db.delete(websiteSoftware).where(eq(websiteSoftware.websiteId, websiteId));
  if (!software) return;
  const rows = [
    ...software.plugins.map((p) => ({
      websiteId,
      type: 'plugin',
      slug: p.slug,
      file: p.file,
      name: p.name,
      version: p.version,
      active: p.active,
      updateVersion: p.updateVersion,
      autoUpdate: p.autoUpdate,
      versionSince: since('plugin', p.slug, p.version),
    })),
    ...software.themes.map((t) => ({
      websiteId,
      type: 'theme',
      slug: t.slug,
      name: t.name,
      version: t.version,
      active: t.active,
      parent: t.parent,
      versionSince: since('theme', t.slug, t.version),
    })),
  ];
  for (let i = 0; i < rows.length; i += 500) await db.insert(websiteSoftware).values(rows.slice(i, i + 500));
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
