import type { Site } from '../../shared/sites';
import { notFound } from '../core/errors';
import { isScoped } from '../core/scope';
import { loadSettings } from '../integrations';
import { cacheMeta, readCacheItem, readCacheState, serveCached } from '../provider-cache';
import { GRIDPANE, GRIDPANE_SYNC_JOB, gridpaneSites } from '../providers/gridpane/keys';
import type { GridPaneSite } from '../providers/gridpane/types';
import type { Services } from '../services';
import { websiteIdsBySiteId } from '../websites';

/** GridPane's sites from the cache, each joined to our website record. */
export async function listSites(services: Services, refresh: boolean) {
  await loadSettings(services, GRIDPANE);
  const served = await serveCached<GridPaneSite>(services, gridpaneSites, {
    refresh,
    sync: { job: GRIDPANE_SYNC_JOB },
    answerWithin: services.config.answerWithin,
  });
  const websiteIds = await websiteIdsBySiteId(services, GRIDPANE);
  // A limited person sees only the sites of their clients' websites.
  const data: Site[] = served.state.items
    .filter((s) => !isScoped(services) || websiteIds.has(String(s.id)))
    .map(({ system_user_id: _, ...s }) => ({ ...s, website_id: websiteIds.get(String(s.id)) ?? null }))
    .sort((a, b) => a.url.localeCompare(b.url));
  return { data, ...cacheMeta(served) };
}

/** One site: a primary-key read of the cache and of its website, whatever the fleet's size. */
export async function getSite(services: Services, id: number) {
  await loadSettings(services, GRIDPANE);
  const served = await serveCached<never>(services, gridpaneSites, {
    refresh: false,
    sync: { job: GRIDPANE_SYNC_JOB },
    answerWithin: services.config.answerWithin,
    read: readCacheState,
  });
  const site = await readCacheItem<GridPaneSite>(services, gridpaneSites, String(id));
  if (!site) throw notFound('Site not found');
  const { system_user_id: _, ...rest } = site;
  const websiteIds = await websiteIdsBySiteId(services, GRIDPANE, [String(id)]);
  if (isScoped(services) && !websiteIds.has(String(id))) throw notFound('Site not found');
  const data: Site = { ...rest, website_id: websiteIds.get(String(id)) ?? null };
  return { data, ...cacheMeta(served) };
}
