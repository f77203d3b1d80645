import pLimit from 'p-limit';
import { recordProviderActivity } from '../integrations/service';
import { providerSyncSpec } from '../jobs/engine';
import { readCache, writeCache } from '../provider-cache/service';
import type { Monitor } from '../providers/betteruptime/types';
import { isProviderError } from '../providers/errors';
import type { Services } from '../services';
import { backfillHistory, utcDay } from './history';
import { betterUptimeClient, monitorsKey } from './sync';

export const figuresKey = { provider: 'betteruptime', kind: 'figures' } as const;

/** What we add to a monitor: 30-day availability and mean response time (ms), with when we got them. */
export type MonitorFigures = { uptime: number | null; avgResponseMs: number | null; at: string };

const DAY_MS = 86_400_000;
/** How many of the least available monitors get their past month filled in (the dashboard shows two). */
const HISTORY_MONITORS = 4;

export const FIGURES_JOB = 'betteruptime-figures';

/** Refreshes the figures as a job and waits for it (the update-response-times route only sends it). */
export function refreshFigures(services: Services): Promise<{ updated: number; failed: number }> {
  return services.jobs.run(FIGURES_JOB);
}

export const figuresJob = (services: Services) => providerSyncSpec(FIGURES_JOB, () => runFigures(services));

/**
 * Fetches each monitor's 30-day SLA and response times (two calls a monitor) with bounded concurrency
 * (the client paces requests too) and caches them; then the daily history of the least available
 * monitors, which the dashboard shows. Runs in the background: page views only read the cache. One
 * failing monitor keeps its previous figures.
 */
async function runFigures(services: Services): Promise<{ updated: number; failed: number }> {
  const { client, counter } = await betterUptimeClient(services);
  const monitors = (await readCache<Monitor>(services.db, monitorsKey)).items;
  const now = services.clock.now();
  const today = utcDay(now);
  const from = utcDay(new Date(now.getTime() - 30 * DAY_MS));
  const limit = pLimit(3);
  let failed = 0;
  let lastError: string | undefined;
  const results = await Promise.all(
    monitors.map((m) =>
      limit(async () => {
        // Paused and pending monitors have no meaningful figures to fetch today.
        if (m.attributes.status === 'pending') return undefined;
        try {
          const [sla, times] = await Promise.all([
            client.getSla(m.id, from, today),
            client.getResponseTimes(m.id),
          ]);
          return { monitor: m, sla: sla.availability, avg: times.averageMs };
        } catch (err) {
          if (!isProviderError(err)) throw err;
          failed++;
          lastError = err.message;
          return undefined;
        }
      }),
    ),
  );
  const ok = results.filter((r) => r !== undefined);
  const at = services.clock.now();
  await writeCache<MonitorFigures>(
    services.db,
    figuresKey,
    ok.map((r) => ({
      id: r.monitor.id,
      data: { uptime: r.sla, avgResponseMs: r.avg, at: at.toISOString() },
    })),
    at,
    // Never drop figures we could not refresh this time.
    { partial: true, error: lastError },
  );
  const lowest = [...ok].sort((a, b) => a.sla - b.sla).slice(0, HISTORY_MONITORS);
  await backfillHistory(
    services,
    client,
    lowest.map((r) => r.monitor.id),
  );
  // Some monitors failing is their business; the provider itself failed only if nothing came back.
  await recordProviderActivity(services.db, 'betteruptime', {
    calls: counter.calls,
    ok: ok.length > 0 || failed === 0,
    error: lastError,
    at,
  });
  return { updated: ok.length, failed };
}
