import type { JobSpec } from '../core/jobs/engine';
import { LISTED_PROVIDERS, listIntegrations, SYNC_JOBS, sendSync } from '../integrations';
import type { Services } from '../services';

/**
 * Every minute (once across instances): each enabled integration whose last attempt, good or bad, is
 * older than REFRESH_INTERVAL_MINUTES gets a sync. A failing provider is retried at the same pace,
 * not every minute; a page's own refresh counts as an attempt, and so does a sync still under way.
 */
export async function dispatchDueSyncs(services: Services): Promise<string[]> {
  const intervalMs = services.config.refreshIntervalMinutes * 60_000;
  const now = services.clock.now().getTime();
  const sent: string[] = [];
  for (const integration of await listIntegrations(services)) {
    if (!integration.enabled || !integration.configured || !LISTED_PROVIDERS.includes(integration.provider))
      continue;
    const last = Math.max(
      Date.parse(integration.lastSyncAt ?? '') || 0,
      Date.parse(integration.lastErrorAt ?? '') || 0,
    );
    // Half a minute of slack: the dispatcher itself runs once a minute, give or take.
    if (now - last < intervalMs - 30_000) continue;
    // A sync already waiting or running (one a save just started, whose attempt is not recorded yet)
    // is this minute's: queueing another would run it again the moment that one ends.
    const job = SYNC_JOBS[integration.provider];
    if (job && (await services.jobs.isBusy(job))) continue;
    await sendSync(services, integration.provider);
    sent.push(integration.provider);
  }
  return sent;
}

export const dispatchJob = (services: Services): JobSpec => ({
  name: 'dispatch-syncs',
  policy: 'stately',
  retryLimit: 0,
  // REFRESH_INTERVAL_MINUTES=0 turns scheduled syncs off.
  cron: services.config.refreshIntervalMinutes > 0 ? '* * * * *' : undefined,
  run: () => dispatchDueSyncs(services),
});
