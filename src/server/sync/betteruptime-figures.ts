import pLimit from 'p-limit';
import { providerSyncSpec } from '../core/jobs/engine';
import { isProviderError } from '../core/outbound/provider-error';
import { betterUptimeClient, recordProviderActivity } from '../integrations';
import { backfillHistory, utcDay } from '../monitors';
import { readCache, writeCache } from '../provider-cache';
import {
  BETTERUPTIME,
  FIGURES_JOB,
  figuresKey,
  type MonitorFigures,
  monitorsKey,
} from '../providers/betteruptime/keys';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';

const DAY_MS = 86_400_000;
/** How many of the least available monitors get their past month filled in (the dashboard shows two). */
const HISTORY_MONITORS = 4;

export const figuresJob = (services: Services) => providerSyncSpec(FIGURES_JOB, () => runFigures(services));

/**
 * Fetches each monitor's 30-day SLA and response times (two calls a monitor) with bounded concurrency
 * (the client paces requests too) and caches them; then the daily history of the least available
 * monitors, which the dashboard shows. Runs in the background: page views only read the cache. One
 * failing monitor keeps its previous figures.
 */
async function runFigures(services: Services): Promise<{ updated: number; failed: number }> {
  const { client, counter } = await betterUptimeClient(services);
  const monitors = (await readCache<Monitor>(services, monitorsKey)).items;
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
    services,
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
  await recordProviderActivity(services, BETTERUPTIME, {
    calls: counter.calls,
    ok: ok.length > 0 || failed === 0,
    error: lastError,
    at,
  });
  return { updated: ok.length, failed };
}
