import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseDomain } from '../../shared/domains';
import { pageOf, parseSort } from '../../shared/lists';
import {
  type MonitorPage,
  type Monitor as MonitorView,
  type monitorData as monitorDataMap,
  type monitorListQuery,
  siteMonitorStatus,
} from '../../shared/monitors';
import { keptCount, type Reads } from '../core/cache/kept';
import { domainInScope, isScoped, type ScopeContext, scopeKey } from '../core/scope';
import { direction, inCache, json, likePattern, rows, where } from '../core/sql';
import { loadSettings } from '../integrations';
import { cacheMeta, openProviderList, readCacheMap, serveCached } from '../provider-cache';
import { figuresUptimeSql } from '../providers/betteruptime/columns';
import {
  BETTERUPTIME,
  BETTERUPTIME_SYNC_JOB,
  figuresKey,
  type MonitorFigures,
  monitorsKey,
} from '../providers/betteruptime/keys';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';
import { domainMonitorsSql, monitorFiguresJoin, websiteIdsByDomain } from '../websites';

const figuresById = (services: Services) => readCacheMap<MonitorFigures>(services, figuresKey);

/** A limited person sees the monitors of their clients' websites; undefined for everyone else. */
const monitorInScope = (ctx: ScopeContext, domain: SQL) =>
  isScoped(ctx) ? domainInScope(ctx, domain) : undefined;

/** Monitors from the cache with our figures and website link; a first read fetches the list. */
export async function listMonitors(services: Services, refresh: boolean) {
  await loadSettings(services, BETTERUPTIME);
  const served = await serveCached<Monitor>(services, monitorsKey, {
    refresh,
    // Figures take one call per monitor: a job of their own after the list, never while a page waits.
    sync: { job: BETTERUPTIME_SYNC_JOB, data: { figures: true } },
    answerWithin: services.config.answerWithin,
  });
  const [figures, websites] = await Promise.all([figuresById(services), websiteIdsByDomain(services)]);
  // A limited person's map holds only their clients' websites: their monitors are those.
  const data: MonitorView[] = served.state.items
    .filter((m) => !isScoped(services) || websites.has(normaliseDomain(m.attributes.url)))
    .map((m) => toView(m, figures.get(m.id), websites.get(normaliseDomain(m.attributes.url)) ?? null));
  data.sort((a, b) => a.attributes.pronounceable_name.localeCompare(b.attributes.pronounceable_name));
  return { data, ...cacheMeta(served) };
}

/** One page of Better Uptime's monitors, filtered, sorted and counted in SQL; figures for its rows only. */
export async function listMonitorPage(
  services: Services,
  query: z.output<typeof monitorListQuery>,
): Promise<MonitorPage> {
  // The page is kept while the monitors, their figures and our websites are unchanged (the answer cache).
  const reads: Reads = { caches: [monitorsKey, figuresKey], tables: ['websites'] };
  const list = await openProviderList(services, {
    provider: BETTERUPTIME,
    cache: monitorsKey,
    refresh: query.refresh === 'true',
    sync: { job: BETTERUPTIME_SYNC_JOB, data: { figures: true } },
    reads,
  });
  const { page, pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'name');
  const limit = monitorInScope(services, sql`r.domain`);
  const scope = limit ? sql`${inCache('r', monitorsKey)} and ${limit}` : inCache('r', monitorsKey);
  const filters = [
    scope,
    query.q ? sql`r.search like ${likePattern(query.q)}` : undefined,
    query.status ? sql`r.status = ${query.status}` : undefined,
  ];
  const first = sort.field === 'status' ? sql`r.status` : sql`null::text`;
  const dir = direction(sort.desc);
  const { db } = services;
  const { refresh: _, ...asked } = query;
  const counting: Reads = { caches: [monitorsKey], tables: limit ? ['websites'] : [] };
  const [total, overall, found] = await list.kept(
    `monitors ${JSON.stringify(asked)} ${scopeKey(services)}`,
    () =>
      Promise.all([
        keptCount(db, counting, sql`select count(*) as n from provider_records r ${where(filters)}`),
        query.q || query.status
          ? keptCount(db, counting, sql`select count(*) as n from provider_records r where ${scope}`)
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
          on ${inCache('d', monitorsKey)} and d.external_id = p.external_id
        left join provider_records f
          on ${inCache('f', figuresKey)} and f.external_id = p.external_id
        left join lateral (select w.id from websites w
          where w.linked_monitor_id = d.external_id or w.domain = d.domain
          order by (w.linked_monitor_id is not distinct from d.external_id) desc, w.id limit 1) w on true
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

/**
 * The monitor-data map: status and 30-day uptime per normalised domain, from the cache only. A domain
 * several monitors watch shows the one the websites' health follows (the read model's rule).
 */
export async function monitorData(services: Services): Promise<z.infer<typeof monitorDataMap>> {
  const limit = monitorInScope(services, sql`m.domain`);
  const found = await rows<{ domain: string; status: string | null; uptime: number | null }>(
    services.db,
    sql`select m.domain, m.status, ${figuresUptimeSql(sql.raw('f'))} as uptime
      from (${domainMonitorsSql()}) m ${monitorFiguresJoin} ${limit ? sql`where ${limit}` : sql``}`,
  );
  return Object.fromEntries(
    found.map((r) => [
      r.domain,
      {
        status: siteMonitorStatus(r.status),
        uptime: r.uptime === null || r.uptime === undefined ? null : Number(r.uptime).toFixed(2),
      },
    ]),
  );
}
