import type { Site } from '../../shared/sites';
import { notFound } from '../http/errors';
import { gridpaneSites, gridpaneSyncing, syncGridPane } from '../integrations/gridpane-sync';
import { loadSettings } from '../integrations/service';
import { cacheMeta, serveCached } from '../provider-cache/serve';
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

export async function getSite(services: Services, id: number) {
  const list = await listSites(services, false);
  const data = list.data.find((s) => s.id === id);
  if (!data) throw notFound('Site not found');
  return { ...list, data };
}
