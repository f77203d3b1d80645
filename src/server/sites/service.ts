import type { Site } from '../../shared/sites';
import { notFound } from '../http/errors';
import { gridpaneSites, gridpaneSyncing, syncGridPane } from '../integrations/gridpane-sync';
import { loadSettings } from '../integrations/service';
import { cacheMeta, serveCached } from '../provider-cache/serve';
import { readCacheItem, readCacheState } from '../provider-cache/service';
import type { GridPaneSite } from '../providers/gridpane/types';
import type { Services } from '../services';
import { websiteIdsBySiteId } from '../websites/service';

/** GridPane's sites from the cache, each joined to our website record. */
export async function listSites(services: Services, refresh: boolean) {
  await loadSettings(services, 'gridpane');
  const served = await serveCached<GridPaneSite>(services.db, gridpaneSites, {
    refresh,
    sync: () => syncGridPane(services),
    answerWithinMs: services.config.refreshAnswerMs,
    syncing: () => gridpaneSyncing(services),
  });
  const websiteIds = await websiteIdsBySiteId(services.db, 'gridpane');
  const data: Site[] = served.state.items
    .map(({ system_user_id: _, ...s }) => ({ ...s, website_id: websiteIds.get(String(s.id)) ?? null }))
    .sort((a, b) => a.url.localeCompare(b.url));
  return { data, ...cacheMeta(served) };
}

/** One site: a primary-key read of the cache and of its website, whatever the fleet's size. */
export async function getSite(services: Services, id: number) {
  await loadSettings(services, 'gridpane');
  const served = await serveCached<never>(services.db, gridpaneSites, {
    refresh: false,
    sync: () => syncGridPane(services),
    answerWithinMs: services.config.refreshAnswerMs,
    syncing: () => gridpaneSyncing(services),
    read: readCacheState,
  });
  const site = await readCacheItem<GridPaneSite>(services.db, gridpaneSites, String(id));
  if (!site) throw notFound('Site not found');
  const { system_user_id: _, ...rest } = site;
  const websiteIds = await websiteIdsBySiteId(services.db, 'gridpane', [String(id)]);
  const data: Site = { ...rest, website_id: websiteIds.get(String(id)) ?? null };
  return { data, ...cacheMeta(served) };
}
