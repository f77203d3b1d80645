import { normaliseDomain } from '../../shared/domains';
import { providerNames } from '../../shared/integrations';
import { closeIncident, openIncident } from '../incidents/lifecycle';
import { loadSettings, recordProviderActivity } from '../integrations/service';
import { providerSyncSpec } from '../jobs/engine';
import { websiteInMaintenance } from '../maintenance/coverage';
import { readCache, recordCacheError, writeCache } from '../provider-cache/service';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';
import { websitesByDomain } from '../websites/service';
import { FIGURES_JOB } from './figures';

export const monitorsKey = { provider: 'betteruptime', kind: 'monitors' } as const;

export type MonitorsSyncResult = {
  count: number;
  partial: boolean;
  /** Monitors whose status changed since the previous sync (for activity and notifications). */
  changes: { monitor: Monitor; from: Monitor['attributes']['status'] }[];
};

/** A Better Uptime client with the saved settings, counting its calls for the Integrations page. */
export async function betterUptimeClient(services: Services) {
  const settings = await loadSettings(services, 'betteruptime');
  const counter = { calls: 0 };
  const client = services.providers.betteruptime({
    baseUrl: settings.baseUrl,
    token: settings.apiToken!,
    onCall: () => {
      counter.calls++;
    },
  });
  return { client, counter };
}

const JOB = 'sync-betteruptime';
/** Whether a Better Uptime monitor sync waits or runs anywhere (pages show "refreshing" and poll). */
export const monitorsSyncing = (services: Services) => services.jobs.isBusy(JOB);

/**
 * Refreshes the monitor list (every page) as a job, and waits for it; with figures, the 30-day figures
 * follow as a job of their own (one provider call per monitor: nobody waits for that).
 */
export function syncMonitors(
  services: Services,
  opts: { figures?: boolean } = {},
): Promise<MonitorsSyncResult> {
  return services.jobs.run<MonitorsSyncResult>(JOB, opts);
}

export const monitorsSyncJob = (services: Services) =>
  providerSyncSpec<{ figures?: boolean }>(JOB, async (data) => {
    const result = await runMonitorSync(services);
    if (data.figures) await services.jobs.send(FIGURES_JOB);
    return result;
  });

/** The monitor sync itself; a failure leaves the cache as it was, error beside it. */
export async function runMonitorSync(services: Services): Promise<MonitorsSyncResult> {
  const { client, counter } = await betterUptimeClient(services);
  try {
    const previous = new Map(
      (await readCache<Monitor>(services.db, monitorsKey)).items.map((m) => [m.id, m.attributes.status]),
    );
    const list = await client.listMonitors();
    const at = services.clock.now();
    // Unreadable monitors keep their last good rows: a list missing them cannot say what was deleted (R4).
    const unreadable = list.skipped
      ? `Better Uptime sent ${list.skipped} monitor${list.skipped === 1 ? '' : 's'} we could not read; the others are up to date`
      : undefined;
    await writeCache(
      services.db,
      monitorsKey,
      list.items.map((m) => ({ id: m.id, data: m })),
      at,
      { partial: list.partial || list.skipped > 0, error: list.error?.message ?? unreadable },
    );
    await recordProviderActivity(services.db, 'betteruptime', {
      calls: counter.calls,
      ok: !list.partial,
      error: list.error?.message,
      at,
    });
    const changes = list.items
      .filter((m) => previous.has(m.id) && previous.get(m.id) !== m.attributes.status)
      .map((m) => ({ monitor: m, from: previous.get(m.id)! }));
    await announceChanges(services, changes, at);
    return { count: list.items.length, partial: list.partial, changes };
  } catch (err) {
    const message = err instanceof Error ? err.message : `${providerNames.betteruptime} sync failed`;
    const at = services.clock.now();
    await recordCacheError(services.db, monitorsKey, message, at);
    await recordProviderActivity(services.db, 'betteruptime', {
      calls: counter.calls,
      ok: false,
      error: message,
      at,
    });
    throw err;
  }
}

/**
 * A monitor going down opens an incident (unless a maintenance window covers its website), and coming
 * back closes it: the same incidents, grouping and alerts as our own checks, once per change.
 */
async function announceChanges(
  services: Services,
  changes: MonitorsSyncResult['changes'],
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const sites = await websitesByDomain(
    services.db,
    changes.map((c) => normaliseDomain(c.monitor.attributes.url)),
  );
  for (const { monitor, from } of changes) {
    const status = monitor.attributes.status;
    const site = sites.get(normaliseDomain(monitor.attributes.url));
    if (status === 'down') {
      if (site && (await websiteInMaintenance(services.db, site.id, at))) continue;
      const name = monitor.attributes.pronounceable_name || monitor.attributes.url;
      await services.db.transaction((tx) =>
        openIncident(services, tx, {
          source: 'monitor',
          monitorId: monitor.id,
          websiteId: site?.id ?? null,
          serverId: site?.serverId ?? null,
          title: `${name} is down`,
          cause: `Better Uptime reports ${monitor.attributes.url} down.`,
          failures: [],
          at,
        }),
      );
    } else if (from === 'down' && status === 'up') {
      await services.db.transaction((tx) => closeIncident(services, tx, { monitorId: monitor.id }, at));
    }
  }
}
