import type { Db } from '../../src/server/db/client';
import {
  websiteBackupStatus,
  websiteFacts,
  websiteHealth,
  websiteSoftware,
} from '../../src/server/db/schema';
import { insertWebsites } from './websites';

export type UpdatableSite = {
  host?: 'gridpane' | 'kinsta';
  /** Where its plugin list was read (`hdsnapshot`, `kinsta`), or null when it never was. */
  source?: string | null;
  wordpress?: string;
  /** Its health state (up, down …); none recorded when absent. */
  health?: string;
  /** Its newest backup, as the host listed it. */
  backupAt?: string;
  plugins?: [slug: string, version: string, update: string | null][];
};

/**
 * A website an update run can plan for, as the syncs leave it: on one server, its WordPress version and
 * plugins read (HD Snapshot for GridPane, Kinsta's own list for Kinsta) at `now`. Returns its id.
 */
export async function insertUpdatableSite(
  db: Db,
  now: Date,
  domain: string,
  opts: UpdatableSite = {},
): Promise<number> {
  const host = opts.host ?? 'gridpane';
  const ids = await insertWebsites(db, [domain], {
    integrationProvider: host,
    providerSiteId: `${host}-${domain}`,
    serverId: 's1',
  });
  const websiteId = ids[domain]!;
  const source = opts.source === undefined ? (host === 'kinsta' ? 'kinsta' : 'hdsnapshot') : opts.source;
  await db.insert(websiteFacts).values({
    websiteId,
    wordpressVersion: opts.wordpress ?? '6.8.1',
    softwareSource: source,
    softwareAt: source ? now : null,
  });
  for (const [slug, version, update] of opts.plugins ?? [])
    await db.insert(websiteSoftware).values({
      websiteId,
      type: 'plugin',
      slug,
      name: slug,
      version,
      updateVersion: update,
      active: true,
    });
  if (opts.health)
    await db.insert(websiteHealth).values({ websiteId, state: opts.health, severity: 0, updatedAt: now });
  if (opts.backupAt)
    await db
      .insert(websiteBackupStatus)
      .values({ websiteId, host, readAt: now, lastBackupAt: new Date(opts.backupAt) });
  return websiteId;
}
