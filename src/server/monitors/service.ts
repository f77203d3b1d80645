import { normaliseDomain } from '../../shared/domains';
import type { Monitor as MonitorView } from '../../shared/monitors';
import { loadSettings } from '../integrations/service';
import { cacheMeta, serveCached } from '../provider-cache/serve';
import { readCache, readCacheMap } from '../provider-cache/service';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';
import { websiteIdsByDomain } from '../websites/service';
import { figuresKey, type MonitorFigures } from './figures';
import { monitorsKey, monitorsSyncing, syncMonitors } from './sync';

const figuresById = (services: Services) => readCacheMap<MonitorFigures>(services.db, figuresKey);

/** Monitors from the cache with our figures and website link; a first read fetches the list. */
export async function listMonitors(services: Services, refresh: boolean) {
  await loadSettings(services, 'betteruptime');
  const served = await serveCached<Monitor>(services.db, monitorsKey, {
    refresh,
    // Figures take one call per monitor: a job of their own after the list, never while a page waits.
    sync: () => syncMonitors(services, { figures: true }),
    answerWithinMs: services.config.refreshAnswerMs,
    syncing: () => monitorsSyncing(services),
  });
  const [figures, websites] = await Promise.all([figuresById(services), websiteIdsByDomain(services.db)]);
  const data: MonitorView[] = served.state.items.map((m) => {
    const f = figures.get(m.id);
    const { regions: _, ...attributes } = m.attributes;
    return {
      id: m.id,
      attributes: { ...attributes, uptime: f?.uptime ?? null },
      cachedUptime: f?.uptime ?? null,
      cachedAvgResponse: f?.avgResponseMs ?? null,
      figuresAt: f?.at ?? null,
      websiteId: websites.get(normaliseDomain(m.attributes.url)) ?? null,
    };
  });
  data.sort((a, b) => a.attributes.pronounceable_name.localeCompare(b.attributes.pronounceable_name));
  return { data, ...cacheMeta(served) };
}

/** The spec's monitor-data map: status and uptime per normalised domain, from the cache only. */
export async function monitorData(services: Services) {
  const [monitors, figures] = await Promise.all([
    readCache<Monitor>(services.db, monitorsKey),
    figuresById(services),
  ]);
  const map: Record<string, { status: 'up' | 'down' | 'paused' | 'other'; uptime: string | null }> = {};
  for (const m of monitors.items) {
    const status = m.attributes.status;
    const uptime = figures.get(m.id)?.uptime;
    map[normaliseDomain(m.attributes.url)] = {
      status: status === 'up' || status === 'down' || status === 'paused' ? status : 'other',
      uptime: uptime === undefined || uptime === null ? null : uptime.toFixed(2),
    };
  }
  return map;
}
