import { DEFAULT_HDSNAPSHOT_URL_TEMPLATE } from '../../shared/integrations';
import type { SiteSnapshot } from '../../shared/sites';
import { loadSettings, recordProviderActivity } from '../integrations';
import { readCacheItem, writeCache } from '../provider-cache';
import { GRIDPANE } from '../providers/gridpane/keys';
import { HDSNAPSHOT, snapshotsKey } from '../providers/hdsnapshot/keys';
import type { Services } from '../services';
import { recordSnapshotFacts, websiteIdsBySiteId } from '../websites';
import { getSite } from './service';

/** A snapshot costs PHP time on the client's site; the plugin itself caches for 5 minutes. */
const FRESH_MS = 10 * 60_000;

type Cached = SiteSnapshot & { fetchedAt: string };

/**
 * A site's WordPress facts from the HD Snapshot plugin, cached per site. A fresh cache is served as is;
 * a failed fetch serves the last good snapshot with the error beside it, or fails with the plugin's
 * problem explained when there is none.
 */
export async function getSiteSnapshot(services: Services, siteId: number, refresh = false) {
  const settings = await loadSettings(services, HDSNAPSHOT);
  const { data: site } = await getSite(services, siteId);
  const id = String(siteId);
  const cached = await readCacheItem<Cached>(services, snapshotsKey, id);
  const age = cached
    ? services.clock.now().getTime() - Date.parse(cached.fetchedAt)
    : Number.POSITIVE_INFINITY;
  if (cached && !refresh && age < FRESH_MS) return { data: cached, cached: true, error: null };

  const at = services.clock.now();
  try {
    const result = await services.providers.snapshot({
      domain: site.url,
      token: settings.globalToken!,
      urlTemplate: settings.urlTemplate ?? DEFAULT_HDSNAPSHOT_URL_TEMPLATE,
    });
    const data: Cached = {
      schema_version: result.snapshot.schema_version,
      wordpress_version: result.snapshot.wordpress_version,
      php_version: result.snapshot.php_version,
      theme: result.snapshot.theme,
      plugin_count: result.snapshot.plugin_count,
      warning: result.warning ?? null,
      raw: result.raw,
      fetchedAt: at.toISOString(),
    };
    await writeCache(services, snapshotsKey, [{ id, data }], at, { partial: true });
    await recordFacts(services, siteId, { ok: true, snapshot: result.snapshot }, at);
    await recordProviderActivity(services, HDSNAPSHOT, { calls: 1, ok: true, at });
    return { data, cached: false, error: null };
  } catch (err) {
    const message = err instanceof Error ? err.message : 'HD Snapshot request failed';
    await recordProviderActivity(services, HDSNAPSHOT, { calls: 1, ok: false, error: message, at });
    await recordFacts(services, siteId, { ok: false, error: message }, at);
    if (cached) return { data: cached, cached: true, error: message };
    throw err;
  }
}

/** A site page's fetch is as good as the sweep's: the fleet view and coverage see it at once. */
async function recordFacts(
  services: Services,
  siteId: number,
  answer: Parameters<typeof recordSnapshotFacts>[2],
  at: Date,
): Promise<void> {
  const websiteId = (await websiteIdsBySiteId(services, GRIDPANE, [String(siteId)])).get(String(siteId));
  if (websiteId) await recordSnapshotFacts(services, websiteId, answer, at);
}
