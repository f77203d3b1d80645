import type { FastifyBaseLogger } from 'fastify';
import { listIntegrations } from '../integrations/service';
import type { Services } from '../services';
import { refreshProvider } from './refresh';

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
      // The last attempt, good or bad: a failing provider is retried at the same pace, not every minute.
      const last = Math.max(
        Date.parse(integration.lastSyncAt ?? '') || 0,
        Date.parse(integration.lastErrorAt ?? '') || 0,
      );
      if (services.clock.now().getTime() - last < intervalMs - 30_000) continue;
      await refreshProvider(services, integration.provider).catch((err: Error) =>
        log.warn({ provider: integration.provider }, `Scheduled sync failed: ${err.message}`),
      );
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
