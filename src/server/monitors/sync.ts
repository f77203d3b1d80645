import { providerNames } from '../../shared/integrations';
import { recordActivity } from '../activity/service';
import { loadSettings, recordProviderActivity } from '../integrations/service';
import { notifyTeam } from '../notifications/service';
import { readCache, recordCacheError, writeCache } from '../provider-cache/service';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';

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

const JOB = 'sync:betteruptime';
/** Whether a Better Uptime monitor sync runs now (pages show "refreshing" and poll until it lands). */
export const monitorsSyncing = (services: Services) => services.jobs.isRunning(JOB);

/** Refreshes the monitor list (every page); a failure leaves the cache as it was, error beside it. */
export function syncMonitors(services: Services): Promise<MonitorsSyncResult | undefined> {
  return services.jobs.run(JOB, async () => {
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
  });
}

/** A monitor going down or coming back is announced once, when the status changes, not per refresh. */
async function announceChanges(
  services: Services,
  changes: MonitorsSyncResult['changes'],
  at: Date,
): Promise<void> {
  for (const { monitor, from } of changes) {
    const name = monitor.attributes.pronounceable_name || monitor.attributes.url;
    const link = '/uptime';
    if (monitor.attributes.status === 'down') {
      await recordActivity(
        services.db,
        undefined,
        { type: 'warning', action: 'monitor.down', message: `${name} is down`, link },
        at,
      );
      await notifyTeam(
        services.db,
        {
          type: 'warning',
          title: `${name} is down`,
          message: `${monitor.attributes.url} stopped answering.`,
          link,
        },
        at,
      );
    } else if (from === 'down' && monitor.attributes.status === 'up') {
      await recordActivity(
        services.db,
        undefined,
        { type: 'success', action: 'monitor.up', message: `${name} is back up`, link },
        at,
      );
      await notifyTeam(
        services.db,
        {
          type: 'success',
          title: `${name} is back up`,
          message: `${monitor.attributes.url} answers again.`,
          link,
        },
        at,
      );
    }
  }
}
