import { eq } from 'drizzle-orm';
import type { HostSync } from '../../shared/websites';
import { integrations } from '../db/schema';
import { integrationOn } from '../integrations';
import { readCacheState } from '../provider-cache';
import { GRIDPANE, GRIDPANE_SYNC_JOB, gridpaneSites } from '../providers/gridpane/keys';
import { KINSTA, KINSTA_SYNC_JOB, kinstaSites } from '../providers/kinsta/keys';
import type { Services } from '../services';

/** The hosts whose sites become websites, with the cache their sync fills and its job. */
const HOSTS = [
  { provider: GRIDPANE, cache: gridpaneSites, job: GRIDPANE_SYNC_JOB },
  { provider: KINSTA, cache: kinstaSites, job: KINSTA_SYNC_JOB },
] as const;

/**
 * Where the websites list stands with each host that is set up and on: when its sites were last read,
 * the last error, and whether a sync is under way. A host never read yet, or a refresh asked for,
 * queues a sync and answers at once: the list shows what is stored so far and fills in; nobody waits
 * for a host.
 */
export async function hostSyncs(services: Services, refresh: boolean): Promise<HostSync[]> {
  const out: HostSync[] = [];
  for (const host of HOSTS) {
    const [row] = await services.db
      .select({ enabled: integrations.enabled, secrets: integrations.secrets })
      .from(integrations)
      .where(eq(integrations.provider, host.provider));
    if (!integrationOn(services, host.provider, row)) continue;
    const [state, busy] = await Promise.all([
      readCacheState(services, host.cache),
      services.jobs.isBusy(host.job),
    ]);
    const sent =
      !busy && (refresh || !state.syncedAt) ? (await services.jobs.send(host.job)) !== null : false;
    out.push({
      provider: host.provider,
      syncedAt: state.syncedAt?.toISOString() ?? null,
      partial: state.partial,
      error: state.error,
      refreshing: busy || sent,
      progress: busy ? state.progress : null,
    });
  }
  return out;
}
