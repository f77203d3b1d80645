import { providerNames } from '../../shared/integrations';
import { providerSyncSpec } from '../core/jobs/engine';
import { betterUptimeClient, recordProviderActivity } from '../integrations';
import { syncMonitorIncidents } from '../monitors';
import { readCache, recordCacheError, recordSyncProgress, writeCache } from '../provider-cache';
import {
  BETTERUPTIME,
  BETTERUPTIME_SYNC_JOB,
  FIGURES_JOB,
  type MonitorsSyncResult,
  monitorsKey,
} from '../providers/betteruptime/keys';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';
import { refreshHealth } from '../websites';

/**
 * Refreshes the monitor list (every page) as a job; with figures, the 30-day figures follow as a job
 * of their own (one provider call per monitor: nobody waits for that). Pages ask for it with
 * BETTERUPTIME_SYNC_JOB.
 */
export const monitorsSyncJob = (services: Services) =>
  providerSyncSpec(BETTERUPTIME_SYNC_JOB, async (data) => {
    const result = await runMonitorSync(services);
    if (data.figures) await services.jobs.send(FIGURES_JOB);
    return result;
  });

/** The monitor sync itself; a failure leaves the cache as it was, error beside it. */
export async function runMonitorSync(services: Services): Promise<MonitorsSyncResult> {
  const { client, counter } = await betterUptimeClient(services);
  try {
    const previous = new Map(
      (await readCache<Monitor>(services, monitorsKey)).items.map((m) => [m.id, m.attributes.status]),
    );
    const list = await client.listMonitors({ onPage: (p) => recordSyncProgress(services, monitorsKey, p) });
    const at = services.clock.now();
    // Unreadable monitors keep their last good rows: a list missing them cannot say what was deleted.
    const unreadable = list.skipped
      ? `Better Uptime sent ${list.skipped} monitor${list.skipped === 1 ? '' : 's'} we could not read; the others are up to date`
      : undefined;
    await writeCache(
      services,
      monitorsKey,
      list.items.map((m) => ({ id: m.id, data: m })),
      at,
      { partial: list.partial || list.skipped > 0, error: list.error?.message ?? unreadable },
    );
    await recordProviderActivity(services, BETTERUPTIME, {
      calls: counter.calls,
      ok: !list.partial,
      error: list.error?.message,
      at,
    });
    const changes = list.items
      .filter((m) => previous.has(m.id) && previous.get(m.id) !== m.attributes.status)
      .map((m) => ({ monitor: m, from: previous.get(m.id)! }));
    // Unreadable monitors or a missing page: the list cannot say which monitors were removed.
    await syncMonitorIncidents(services, list.items, !list.partial && list.skipped === 0, at);
    // Monitors came, went or changed status: every website's health follows at once.
    await refreshHealth(services, at);
    return { count: list.items.length, partial: list.partial, changes };
  } catch (err) {
    const message = err instanceof Error ? err.message : `${providerNames.betteruptime} sync failed`;
    const at = services.clock.now();
    await recordCacheError(services, monitorsKey, message, at);
    await recordProviderActivity(services, BETTERUPTIME, {
      calls: counter.calls,
      ok: false,
      error: message,
      at,
    });
    throw err;
  }
}
