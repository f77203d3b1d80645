import type { FastifyBaseLogger } from 'fastify';
import { syncGridPane } from '../integrations/gridpane-sync';
import { listIntegrations } from '../integrations/service';
import type { Services } from '../services';

/**
 * Keeps provider caches warm: every `refreshIntervalMinutes`, each enabled integration whose data is
 * older than that is refreshed in the background, so pages never wait on a provider. Returns stop().
 */
export function startScheduler(services: Services, log: FastifyBaseLogger): () => void {
  const minutes = services.config.refreshIntervalMinutes;
  if (minutes <= 0) return () => {};
  const intervalMs = minutes * 60_000;

  const tick = async () => {
    const integrations = await listIntegrations(services).catch(() => []);
    for (const integration of integrations) {
      if (!integration.enabled || !integration.configured) continue;
      const last = integration.lastSyncAt ? Date.parse(integration.lastSyncAt) : 0;
      if (services.clock.now().getTime() - last < intervalMs - 30_000) continue;
      if (integration.provider === 'gridpane') {
        await syncGridPane(services).catch((err: Error) =>
          log.warn({ provider: 'gridpane' }, `Scheduled sync failed: ${err.message}`),
        );
      }
    }
  };

  const first = setTimeout(() => void tick(), 5_000);
  const timer = setInterval(() => void tick(), Math.min(intervalMs, 60_000));
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
