import { type BackupRecord, recordBackupError, recordBackups } from '../backups';
import { providerSyncSpec } from '../core/jobs/engine';
import { isProviderError } from '../core/outbound/provider-error';
import { placeMonitorIncidentsOnWebsites } from '../incidents';
import { loadSettings, recordProviderActivity } from '../integrations';
import { recordCacheError, writeCache } from '../provider-cache';
import { FACTS_JOB } from '../providers/hdsnapshot/keys';
import type { KinstaClient } from '../providers/kinsta/client';
import { KINSTA, KINSTA_SYNC_JOB, type KinstaSyncResult, kinstaSites } from '../providers/kinsta/keys';
import type { KinstaBackup, KinstaSite, KinstaSoftware } from '../providers/kinsta/types';
import type { Services } from '../services';
import { recordHostPhp, recordSoftware, refreshHealth, syncWebsites } from '../websites';

/**
 * One Kinsta refresh, run as a job (whichever instance takes it): the company's sites with their
 * environments in one call, the cache, and our websites: each environment with a domain is a website
 * (the live one in production, the others as staging), with the PHP its container runs and its
 * plugins and themes. A failure leaves the cache and the websites as they were and records the error
 * beside them.
 */
export const kinstaSyncJob = (services: Services) =>
  providerSyncSpec(KINSTA_SYNC_JOB, () => runKinstaSync(services));

/** The environments of the sites that can be a website: those with a domain. */
function environmentsOf(sites: KinstaSite[]) {
  return sites.flatMap((site) =>
    site.environments.flatMap((env) => (env.primaryDomain ? [{ site, env, domain: env.primaryDomain }] : [])),
  );
}

/** Kinsta's plugin or theme as the website's software list keeps it. */
const pluginOf = (p: KinstaSoftware) => ({
  slug: p.slug,
  file: null,
  name: p.title ?? p.slug,
  version: p.version,
  active: p.status === 'active',
  updateVersion: p.updateVersion,
  autoUpdate: null,
});
const themeOf = (t: KinstaSoftware) => ({
  slug: t.slug,
  name: t.title ?? t.slug,
  version: t.version,
  active: t.status === 'active',
  parent: null,
});

/** One environment's plugins and themes as Kinsta lists them now, kept as its website's software. */
export async function readEnvironmentSoftware(
  services: Services,
  client: KinstaClient,
  websiteId: number,
  environmentId: string,
): Promise<{ plugins: KinstaSoftware[]; themes: KinstaSoftware[] }> {
  const [plugins, themes] = [await client.listPlugins(environmentId), await client.listThemes(environmentId)];
  const software = { plugins: plugins.items.map(pluginOf), themes: themes.items.map(themeOf) };
  await recordSoftware(services.db, websiteId, software, KINSTA, services.clock.now());
  return { plugins: plugins.items, themes: themes.items };
}

/**
 * A Kinsta backup as the Backups page keeps it. Kinsta keeps its backups itself and says nothing of
 * where, of a schedule or of retention through its API: those stay unknown.
 */
const backupOf = (b: KinstaBackup): BackupRecord => ({
  key: `${b.kind}:${b.id}`,
  ref: b.id,
  at: b.createdAt,
  kind: b.kind,
  location: null,
  service: null,
  note: b.note ?? b.name,
  sizeBytes: null,
});

/** One environment's backups and downloadable backups as Kinsta lists them now, kept as its website's. */
export async function readEnvironmentBackups(
  services: Services,
  client: KinstaClient,
  websiteId: number,
  environmentId: string,
): Promise<void> {
  const listed = await client.listBackups(environmentId);
  const downloadable = await client.listDownloadableBackups(environmentId);
  const backups = [...listed.items, ...downloadable.items].map(backupOf);
  await recordBackups(
    services.db,
    websiteId,
    KINSTA,
    { backups, schedule: null, automatic: null, remote: null, retentionDays: null },
    services.clock.now(),
  );
}

/**
 * Each environment's plugins and themes, with the updates Kinsta sees, as its website's software
 * (WordPress's own list, from HD Snapshot, outranks it while fresh), and its backups (automatic,
 * manual, system and downloadable). An environment Kinsta does not answer for keeps its last lists;
 * a 429 Kinsta will not lift soon stops the reading until the next sync. Returns how many
 * environments were not read.
 */
async function readSoftware(
  services: Services,
  client: KinstaClient,
  environments: ReturnType<typeof environmentsOf>,
  websiteIds: Map<string, number>,
): Promise<number> {
  let unread = 0;
  for (const [i, { env }] of environments.entries()) {
    const websiteId = websiteIds.get(env.id);
    if (!websiteId) continue;
    try {
      await readEnvironmentSoftware(services, client, websiteId, env.id);
      await readEnvironmentBackups(services, client, websiteId, env.id);
    } catch (err) {
      if (!isProviderError(err)) throw err;
      await recordBackupError(services.db, websiteId, KINSTA, err.message, services.clock.now());
      if (err.kind === 'rate_limited' || err.kind === 'unauthorized') return unread + environments.length - i;
      unread++;
    }
  }
  return unread;
}

export async function runKinstaSync(services: Services): Promise<KinstaSyncResult> {
  const { db, clock } = services;
  const settings = await loadSettings(services, KINSTA);
  let calls = 0;
  const client = services.providers.kinsta({
    baseUrl: settings.baseUrl!,
    apiKey: settings.apiKey!,
    onCall: () => {
      calls++;
    },
  });
  try {
    const sites = await client.listSites(settings.companyId!);
    const at = clock.now();
    const error =
      sites.skipped > 0
        ? `Kinsta sent ${sites.skipped} site${sites.skipped === 1 ? '' : 's'} we could not read; the others are up to date`
        : undefined;
    const environments = environmentsOf(sites.items);
    // Our websites first, as for GridPane: the cache's write then moves its generation after theirs.
    const websiteIds = await syncWebsites(
      { db },
      KINSTA,
      environments.map(({ site, env, domain }) => ({
        providerSiteId: env.id,
        url: domain,
        serverId: null,
        status: env.blocked ? 'blocked' : (site.status ?? 'unknown'),
        staging: !env.live,
      })),
      // Unreadable sites keep their websites: a list missing them cannot say what was deleted.
      { complete: sites.skipped === 0, at },
    );
    await writeCache(
      { db },
      kinstaSites,
      sites.items.map((s) => ({ id: s.id, data: s })),
      at,
      { partial: sites.skipped > 0, error },
    );
    await recordHostPhp(
      { db },
      environments.flatMap(({ env }) => {
        const websiteId = websiteIds.get(env.id);
        return websiteId ? [{ websiteId, php: env.phpVersion }] : [];
      }),
    );
    const unreadSoftware = await readSoftware(services, client, environments, websiteIds);
    await refreshHealth({ db }, at);
    await placeMonitorIncidentsOnWebsites({ db });
    // New websites get their WordPress facts soon (the sweep asks only sites not asked lately).
    await services.jobs.send(FACTS_JOB).catch(() => undefined);
    const softwareError = unreadSoftware
      ? `Kinsta did not list the plugins of ${unreadSoftware} environment${unreadSoftware === 1 ? '' : 's'}; their last lists are kept`
      : undefined;
    await recordProviderActivity({ db }, KINSTA, {
      calls,
      ok: !softwareError,
      error: softwareError,
      at,
    });
    return { sites: sites.items.length, environments: environments.length, skipped: sites.skipped };
  } catch (err) {
    const message = err instanceof Error ? err.message : 'Kinsta sync failed';
    const at = clock.now();
    await recordCacheError({ db }, kinstaSites, message, at);
    await recordProviderActivity({ db }, KINSTA, { calls, ok: false, error: message, at });
    throw err;
  }
}
