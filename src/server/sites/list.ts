import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOf, parseSort } from '../../shared/lists';
import {
  MONITOR_FILTER_HEALTH,
  type SitePage,
  type SiteRow,
  type siteListQuery,
  type siteOptions,
} from '../../shared/sites';
import type { Tag } from '../../shared/tags';
import type { HealthState } from '../../shared/websites';
import { keptCount, keptRows, type Reads } from '../core/cache/kept';
import type { Context } from '../core/context';
import { clientInScope, isScoped, type ScopeContext, scopeKey } from '../core/scope';
import { direction, inCache, json, likePattern, rows, where } from '../core/sql';
import { openProviderList } from '../provider-cache';
import { figuresUptimeSql } from '../providers/betteruptime/columns';
import { figuresKey, monitorsKey } from '../providers/betteruptime/keys';
import { serverLabelSql, siteServerLabelSql } from '../providers/gridpane/columns';
import { GRIDPANE, GRIDPANE_SYNC_JOB, gridpaneServers, gridpaneSites } from '../providers/gridpane/keys';
import type { Services } from '../services';
import { domainMonitorJoin, keptHealthOf, monitorFiguresJoin, monitorSummaryOf } from '../websites';

type Query = z.output<typeof siteListQuery>;

/**
 * The `monitor` filter reads the website's kept health (the one rule): `up`, `down` and `paused` that
 * state, `none` a website nobody watches.
 */
const byHealth = (state: HealthState) => sql`r.external_id in (select w.provider_site_id from websites w
  join website_health h on h.website_id = w.id
  where w.integration_provider = ${GRIDPANE} and h.state = ${state})`;

/**
 * A person limited to chosen clients sees only the sites whose website is one of those clients'
 * (`r` a sites row); always true for everyone else.
 */
export const siteInScope = (ctx: ScopeContext) =>
  isScoped(ctx)
    ? sql`r.external_id in (select w.provider_site_id from websites w
        where w.integration_provider = ${GRIDPANE} and ${clientInScope(ctx, sql`w.client_id`)})`
    : undefined;

/** The WHERE of a sites query over `provider_records r`, within the person's clients. */
export function siteFilters(
  ctx: ScopeContext,
  q: Pick<Query, 'q' | 'serverId' | 'tagId' | 'status' | 'monitor'>,
): SQL[] {
  const scope = siteInScope(ctx);
  return [
    sql`r.provider = ${gridpaneSites.provider} and r.kind = ${gridpaneSites.kind}`,
    ...(scope ? [scope] : []),
    ...(q.q ? [sql`r.search like ${likePattern(q.q)}`] : []),
    ...(q.serverId ? [sql`r.parent_id = ${String(q.serverId)}`] : []),
    ...(q.status ? [sql`r.status = ${q.status}`] : []),
    ...(q.tagId
      ? [
          sql`r.external_id in (select w.provider_site_id from website_tags wt
            join websites w on w.id = wt.website_id
            where wt.tag_id = ${q.tagId} and w.integration_provider = ${GRIDPANE})`,
        ]
      : []),
    ...(q.monitor ? [byHealth(MONITOR_FILTER_HEALTH[q.monitor])] : []),
  ];
}

/** The leading sort key besides the url (sort_key), if any: by url it is an index range. */
const leadingKey = (field: string) =>
  field === 'status'
    ? sql`r.status`
    : field === 'server'
      ? sql`lower(coalesce(${siteServerLabelSql(sql.raw('r'))}, ''))`
      : sql`null::text`;

/**
 * One page of GridPane's sites, joined in SQL to what the Websites page shows beside each: our website
 * (id, name), its tags, its monitor's status and 30-day uptime. The page is cut first (an index range
 * for the default order), then only its rows are joined.
 */
export async function listSitePage(services: Services, query: Query): Promise<SitePage> {
  const list = await openProviderList(services, {
    provider: GRIDPANE,
    cache: gridpaneSites,
    refresh: query.refresh === 'true',
    sync: { job: GRIDPANE_SYNC_JOB },
    reads: siteReads,
  });
  const { page, pageSize } = pageOf(query);
  const { refresh: _, ...asked } = query;
  // The page (rows, total) is kept while the caches and tables it reads are unchanged; each row's
  // website health is the kept one, read now (it moves with every check's run).
  const found = await list.kept(`sites ${JSON.stringify(asked)} ${scopeKey(services)}`, () =>
    readSitePage(services, query),
  );
  const health = await keptHealthOf(
    services,
    found.data.flatMap((r) => (r.website_id === null ? [] : [r.website_id])),
  );
  const data = found.data.map((r) => ({
    ...r,
    health: r.website_id === null ? null : (health.get(r.website_id) ?? null),
  }));
  return { ...found, data, page, pageSize, ...list.meta };
}

/** What a page of sites reads: the sites and monitors caches, our websites and their tags. */
const siteReads: Reads = {
  caches: [gridpaneSites, monitorsKey, figuresKey],
  tables: ['websites', 'website_tags', 'tags', 'website_health'],
};

async function readSitePage(
  ctx: Pick<Context, 'db' | 'actor'>,
  query: Query,
): Promise<Pick<SitePage, 'data' | 'total' | 'overall'>> {
  const { db } = ctx;
  const { pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'url');
  const filters = siteFilters(ctx, query);
  const scope = siteInScope(ctx);
  const dir = direction(sort.desc);
  // Totals are kept on their own too: the pages of one filter share them.
  const totalQuery = sql`select count(*) as n from provider_records r ${where(filters)}`;
  const [total, overall, found] = await Promise.all([
    keptCount(
      db,
      {
        caches: [gridpaneSites],
        tables: [
          ...(query.tagId || query.monitor || scope ? (['websites'] as const) : []),
          ...(query.tagId ? (['website_tags'] as const) : []),
          ...(query.monitor ? (['website_health'] as const) : []),
        ],
      },
      totalQuery,
    ),
    // Without filters the total is the whole list (of the person's clients): no second count.
    filters.length > (scope ? 2 : 1)
      ? keptCount(
          db,
          { caches: [gridpaneSites], tables: scope ? ['websites'] : [] },
          sql`select count(*) as n from provider_records r
            where r.provider = ${gridpaneSites.provider} and r.kind = ${gridpaneSites.kind}
              ${scope ? sql`and ${scope}` : sql``}`,
        )
      : null,
    rows<Record<string, unknown>>(
      db,
      // The page is cut on index-only key rows (no JSON sorted), then its 50 rows are read and joined.
      sql`with page as (
        select r.external_id, ${leadingKey(sort.field)} as k1, r.sort_key
        from provider_records r ${where(filters)}
        order by ${sort.field === 'url' ? sql`` : sql`k1 ${dir},`} r.sort_key ${dir}, r.external_id ${dir}
        limit ${pageSize} offset ${offset}
      )
      select d.data, w.id as website_id, w.name as website_name, m.status as monitor_status,
        ${figuresUptimeSql(sql.raw('f'))} as monitor_uptime,
        coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
            order by lower(t.name), t.id)
          from website_tags wt join tags t on t.id = wt.tag_id where wt.website_id = w.id), '[]') as tags
      from page p
      join provider_records d on d.provider = ${gridpaneSites.provider} and d.kind = ${gridpaneSites.kind}
        and d.external_id = p.external_id
      left join websites w on w.integration_provider = ${GRIDPANE} and w.provider_site_id = p.external_id
      ${domainMonitorJoin(sql`d.domain`, sql`w.linked_monitor_id`)} ${monitorFiguresJoin}
      order by p.k1 ${dir}, p.sort_key ${dir}, p.external_id ${dir}`,
    ),
  ]);
  return { data: found.map(toRow), total, overall: overall ?? total };
}

function toRow(r: Record<string, unknown>): SiteRow {
  const { system_user_id: _, ...site } = json<SiteRow & { system_user_id?: number }>(r.data);
  return {
    ...site,
    website_id: r.website_id === null ? null : Number(r.website_id),
    website_name: (r.website_name as string | null) ?? null,
    tags: json<Tag[]>(r.tags).map((t) => ({ id: Number(t.id), name: t.name, color: t.color })),
    monitor: monitorSummaryOf(r),
  };
}

/**
 * The Websites page's filter menus: servers that hold sites (matching `q`, at most 50, plus the one
 * selected) and every tag, each with its count of sites.
 */
export async function siteOptionsOf(
  ctx: Pick<Context, 'db' | 'actor'>,
  query: { q?: string; serverId?: number },
): Promise<z.infer<typeof siteOptions>> {
  const { db } = ctx;
  const scope = siteInScope(ctx);
  const like = query.q ? likePattern(query.q) : null;
  const [servers, tags] = await Promise.all([
    // Counts per server from the parent_id index, then the labels of the (at most 51) picked; kept
    // while the sites and servers are unchanged.
    keptRows<{ id: string; label: string | null; n: number }>(
      db,
      { caches: [gridpaneSites, gridpaneServers], tables: scope ? ['websites'] : [] },
      sql`with counts as (
          select r.parent_id, count(*)::int as n from provider_records r
          where ${inCache('r', gridpaneSites)} and r.parent_id is not null ${scope ? sql`and ${scope}` : sql``}
          group by r.parent_id),
        picked as (
          select c.parent_id, c.n, coalesce(s.sort_key, c.parent_id) as k from counts c
          left join provider_records s
            on ${inCache('s', gridpaneServers)} and s.external_id = c.parent_id
          ${like ? sql`where (s.search like ${like} or c.parent_id like ${like})` : sql``}
            ${query.serverId ? sql`${like ? sql`or` : sql`where`} c.parent_id = ${String(query.serverId)}` : sql``}
          order by ${query.serverId ? sql`c.parent_id = ${String(query.serverId)} desc,` : sql``} k, c.parent_id
          limit 51)
        select p.parent_id as id, ${serverLabelSql(sql.raw('s'))} as label, p.n from picked p
        left join provider_records s
          on ${inCache('s', gridpaneServers)} and s.external_id = p.parent_id
        order by ${query.serverId ? sql`p.parent_id = ${String(query.serverId)} desc,` : sql``} p.k, p.parent_id`,
    ),
    keptRows<{ id: number; label: string; n: number }>(
      db,
      { tables: ['tags', 'website_tags', 'websites'] },
      sql`select t.id, t.name as label, count(w.id)::int as n
        from tags t
        left join website_tags wt on wt.tag_id = t.id
        left join websites w on w.id = wt.website_id and w.integration_provider = ${GRIDPANE}
          and ${clientInScope(ctx, sql`w.client_id`)}
        group by t.id, t.name
        order by lower(t.name), t.id`,
    ),
  ]);
  return {
    servers: servers.map((s) => ({ id: s.id, label: s.label ?? s.id, count: Number(s.n) })),
    tags: tags.map((t) => ({ id: String(t.id), label: t.label, count: Number(t.n) })),
  };
}
