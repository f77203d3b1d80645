import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseDomain } from '../../shared/domains';
import { pageOf, parseSort } from '../../shared/lists';
import type { MonitorPage, Monitor as MonitorView, monitorListQuery } from '../../shared/monitors';
import { loadSettings } from '../integrations/service';
import { keptCount, type Reads } from '../lists/kept';
import { openProviderList } from '../lists/provider-list';
import { direction, json, likePattern, rows, where } from '../lists/sql';
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
  const data: MonitorView[] = served.state.items.map((m) =>
    toView(m, figures.get(m.id), websites.get(normaliseDomain(m.attributes.url)) ?? null),
  );
  data.sort((a, b) => a.attributes.pronounceable_name.localeCompare(b.attributes.pronounceable_name));
  return { data, ...cacheMeta(served) };
}

/** One page of Better Uptime's monitors, filtered, sorted and counted in SQL; figures for its rows only. */
export async function listMonitorPage(
  services: Services,
  query: z.output<typeof monitorListQuery>,
): Promise<MonitorPage> {
  // The page is kept while the monitors, their figures and our websites are unchanged (lists/kept).
  const reads: Reads = { caches: [monitorsKey, figuresKey], tables: ['websites'] };
  const list = await openProviderList(services, {
    provider: 'betteruptime',
    cache: monitorsKey,
    refresh: query.refresh === 'true',
    sync: () => syncMonitors(services, { figures: true }),
    syncing: () => monitorsSyncing(services),
    reads,
  });
  const { page, pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'name');
  const scope = sql`r.provider = 'betteruptime' and r.kind = 'monitors'`;
  const filters = [
    scope,
    query.q ? sql`r.search like ${likePattern(query.q)}` : undefined,
    query.status ? sql`r.status = ${query.status}` : undefined,
  ];
  const first = sort.field === 'status' ? sql`r.status` : sql`null::text`;
  const dir = direction(sort.desc);
  const { db } = services;
  const { refresh: _, ...asked } = query;
  const [total, overall, found] = await list.kept(`monitors ${JSON.stringify(asked)}`, () =>
    Promise.all([
      keptCount(
        db,
        { caches: [monitorsKey] },
        sql`select count(*) as n from provider_records r ${where(filters)}`,
      ),
      query.q || query.status
        ? keptCount(
            db,
            { caches: [monitorsKey] },
            sql`select count(*) as n from provider_records r where ${scope}`,
          )
        : null,
      rows<{ data: unknown; figures: unknown; website_id: number | null }>(
        db,
        // The page is cut on narrow key rows, then only its rows' JSON is read.
        sql`with page as (
          select r.external_id, ${first} as k1, r.sort_key from provider_records r
          ${where(filters)}
          order by ${sort.field === 'name' ? sql`` : sql`k1 ${dir},`} r.sort_key ${dir}, r.external_id ${dir}
          limit ${pageSize} offset ${offset})
        select d.data, f.data as figures, w.id as website_id from page p
        join provider_records d
          on d.provider = 'betteruptime' and d.kind = 'monitors' and d.external_id = p.external_id
        left join provider_records f
          on f.provider = 'betteruptime' and f.kind = 'figures' and f.external_id = p.external_id
        left join websites w on w.domain = d.domain
        order by p.k1 ${dir}, p.sort_key ${dir}, p.external_id ${dir}`,
      ),
    ]),
  );
  return {
    data: found.map((r) =>
      toView(json<Monitor>(r.data), r.figures ? json<MonitorFigures>(r.figures) : undefined, r.website_id),
    ),
    total,
    overall: overall ?? total,
    page,
    pageSize,
    ...list.meta,
  };
}

function toView(m: Monitor, f: MonitorFigures | undefined, websiteId: number | null): MonitorView {
  const { regions: _, ...attributes } = m.attributes;
  return {
    id: m.id,
    attributes: { ...attributes, uptime: f?.uptime ?? null },
    cachedUptime: f?.uptime ?? null,
    cachedAvgResponse: f?.avgResponseMs ?? null,
    figuresAt: f?.at ?? null,
    websiteId: websiteId === null ? null : Number(websiteId),
  };
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
