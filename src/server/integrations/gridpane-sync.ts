import { providerNames } from '../../shared/integrations';
import { FACTS_JOB, recordHostPhp } from '../fleet/facts';
import { providerSyncSpec } from '../jobs/engine';
import { recordCacheError, writeCache } from '../provider-cache/service';
import { deriveServers } from '../providers/gridpane/parse';
import type { Services } from '../services';
import { syncWebsites } from '../websites/service';
import { loadSettings, recordProviderActivity } from './service';

export const gridpaneServers = { provider: 'gridpane', kind: 'servers' } as const;
export const gridpaneSites = { provider: 'gridpane', kind: 'sites' } as const;

export type SyncResult = { partial: boolean; servers: number; sites: number; skipped: number };

const JOB = 'sync-gridpane';

/**
 * One GridPane refresh, run as a job (whichever instance takes it) while the caller waits: servers and
 * sites (two paged lists, within the rate limit), derived fields, the cache, and our websites. A
 * failure leaves the cache as it was and records the error beside it. A refresh asked for while one
 * waits joins it.
 */
export function syncGridPane(services: Services): Promise<SyncResult> {
  return services.jobs.run<SyncResult>(JOB);
}

/** Whether a GridPane sync waits or runs anywhere (pages show "refreshing" and poll until it lands). */
export const gridpaneSyncing = (services: Services) => services.jobs.isBusy(JOB);

export const gridpaneSyncJob = (services: Services) => providerSyncSpec(JOB, () => runGridPaneSync(services));

const unreadable = (count: number, noun: string) =>
  `GridPane sent ${count} ${noun}${count === 1 ? '' : 's'} we could not read; the others are up to date`;

/** The sync itself (the job's work; benchmarks call it directly). */
export async function runGridPaneSync(services: Services): Promise<SyncResult> {
  const { db, clock } = services;
  const settings = await loadSettings(services, 'gridpane');
  let calls = 0;
  const client = services.providers.gridpane({
    baseUrl: settings.baseUrl!,
    token: settings.accessToken!,
    onCall: () => {
      calls++;
    },
  });
  try {
    const servers = await client.listServers();
    const sites = await client.listSites();
    const at = clock.now();
    const partialError = servers.error ?? sites.error;
    // Unreadable items keep their last good rows: a list missing them cannot say what was deleted (R4).
    const outcome = (list: { partial: boolean; skipped: number }, noun: string) => ({
      partial: list.partial || list.skipped > 0,
      error: list.partial
        ? partialError?.message
        : list.skipped > 0
          ? unreadable(list.skipped, noun)
          : undefined,
    });
    await writeCache(
      db,
      gridpaneServers,
      deriveServers(servers.items, sites.items).map((s) => ({ id: String(s.id), data: s })),
      at,
      outcome(servers, 'server'),
    );
    // Our websites (their links to sites) first: the sites cache's write then moves its generation
    // after theirs, so totals kept by that generation (a tag's sites) never outlive a link's change.
    const websiteIds = await syncWebsites(
      db,
      'gridpane',
      sites.items.map((s) => ({
        providerSiteId: String(s.id),
        url: s.url,
        serverId: s.server_id === null ? null : String(s.server_id),
        status: s.status,
        staging: s.type === 'staging' || /^staging\./i.test(s.url),
      })),
      { complete: !sites.partial && sites.skipped === 0, at },
    );
    await writeCache(
      db,
      gridpaneSites,
      sites.items.map((s) => ({ id: String(s.id), data: s })),
      at,
      outcome(sites, 'site'),
    );
    await recordHostPhp(
      db,
      sites.items.flatMap((s) => {
        const websiteId = websiteIds.get(String(s.id));
        return websiteId ? [{ websiteId, php: s.php_version }] : [];
      }),
    );
    // New sites get their WordPress facts soon (the sweep asks only sites not asked lately). A sync
    // run outside the engine (the P5 benchmark calls it directly) leaves that to the next sweep.
    await services.jobs.send(FACTS_JOB).catch(() => undefined);
    await recordProviderActivity(db, 'gridpane', {
      calls,
      ok: !partialError,
      error: partialError?.message,
      at,
    });
    return {
      partial: servers.partial || sites.partial,
      servers: servers.items.length,
      sites: sites.items.length,
      skipped: servers.skipped + sites.skipped,
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : `${providerNames.gridpane} sync failed`;
    const at = clock.now();
    await recordCacheError(db, gridpaneServers, message, at);
    await recordCacheError(db, gridpaneSites, message, at);
    await recordProviderActivity(db, 'gridpane', { calls, ok: false, error: message, at });
    throw err;
  }
}
