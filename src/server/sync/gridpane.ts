import { providerNames } from '../../shared/integrations';
import { providerSyncSpec } from '../core/jobs/engine';
import { placeMonitorIncidentsOnWebsites } from '../incidents';
import { loadSettings, recordProviderActivity } from '../integrations';
import { recordCacheError, recordSyncProgress, writeCache } from '../provider-cache';
import {
  GRIDPANE,
  GRIDPANE_SYNC_JOB,
  type GridPaneSyncResult,
  gridpaneServers,
  gridpaneSites,
} from '../providers/gridpane/keys';
import { deriveServers } from '../providers/gridpane/parse';
import { FACTS_JOB } from '../providers/hdsnapshot/keys';
import type { Services } from '../services';
import { recordHostPhp, refreshHealth, syncWebsites } from '../websites';

/**
 * One GridPane refresh, run as a job (whichever instance takes it): servers and sites (two paged
 * lists, within the rate limit), derived fields, the cache, and our websites. A failure leaves the
 * cache as it was and records the error beside it. Pages ask for it with GRIDPANE_SYNC_JOB.
 */
export const gridpaneSyncJob = (services: Services) =>
  providerSyncSpec(GRIDPANE_SYNC_JOB, () => runGridPaneSync(services));

const unreadable = (count: number, noun: string) =>
  `GridPane sent ${count} ${noun}${count === 1 ? '' : 's'} we could not read; the others are up to date`;

/** The sync itself (the job's work; benchmarks call it directly). */
export async function runGridPaneSync(services: Services): Promise<GridPaneSyncResult> {
  const { db, clock } = services;
  const settings = await loadSettings(services, GRIDPANE);
  let calls = 0;
  const client = services.providers.gridpane({
    baseUrl: settings.baseUrl!,
    token: settings.accessToken!,
    onCall: () => {
      calls++;
    },
  });
  try {
    // Each page read is shown on the lists that wait for this sync ("4,000 of 20,000 sites").
    const servers = await client.listServers({
      onPage: (p) => recordSyncProgress({ db }, gridpaneServers, p),
    });
    const sites = await client.listSites({ onPage: (p) => recordSyncProgress({ db }, gridpaneSites, p) });
    const at = clock.now();
    const partialError = servers.error ?? sites.error;
    // Unreadable items keep their last good rows: a list missing them cannot say what was deleted.
    const outcome = (list: { partial: boolean; skipped: number }, noun: string) => ({
      partial: list.partial || list.skipped > 0,
      error: list.partial
        ? partialError?.message
        : list.skipped > 0
          ? unreadable(list.skipped, noun)
          : undefined,
    });
    await writeCache(
      { db },
      gridpaneServers,
      deriveServers(servers.items, sites.items).map((s) => ({ id: String(s.id), data: s })),
      at,
      outcome(servers, 'server'),
    );
    // Our websites (their links to sites) first: the sites cache's write then moves its generation
    // after theirs, so totals kept by that generation (a tag's sites) never outlive a link's change.
    const websiteIds = await syncWebsites(
      { db },
      GRIDPANE,
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
      { db },
      gridpaneSites,
      sites.items.map((s) => ({ id: String(s.id), data: s })),
      at,
      outcome(sites, 'site'),
    );
    await recordHostPhp(
      { db },
      sites.items.flatMap((s) => {
        const websiteId = websiteIds.get(String(s.id));
        return websiteId ? [{ websiteId, php: s.php_version }] : [];
      }),
    );
    // New sites get their WordPress facts soon (the sweep asks only sites not asked lately). A sync
    // run outside the engine (the GridPane benchmark, bench/p5-gridpane.ts, calls it directly) leaves that to the next sweep.
    // New websites get their health now rather than at the next minute.
    await refreshHealth({ db }, at);
    // A monitor found down before its website existed now names the website it is about.
    await placeMonitorIncidentsOnWebsites({ db });
    await services.jobs.send(FACTS_JOB).catch(() => undefined);
    await recordProviderActivity({ db }, GRIDPANE, {
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
    await recordCacheError({ db }, gridpaneServers, message, at);
    await recordCacheError({ db }, gridpaneSites, message, at);
    await recordProviderActivity({ db }, GRIDPANE, { calls, ok: false, error: message, at });
    throw err;
  }
}
