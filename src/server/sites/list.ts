import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOf, parseSort } from '../../shared/lists';
import type { SitePage, SiteRow, siteListQuery, siteOptions } from '../../shared/sites';
import type { Tag } from '../../shared/tags';
import type { Db } from '../db/client';
import { gridpaneServers, gridpaneSites, gridpaneSyncing, syncGridPane } from '../integrations/gridpane-sync';
import { keptCount, keptRows, type Reads } from '../lists/kept';
import { openProviderList } from '../lists/provider-list';
import { direction, json, likePattern, rows, where } from '../lists/sql';
import { figuresKey } from '../monitors/figures';
import { monitorsKey } from '../monitors/sync';
import type { Services } from '../services';

type Query = z.output<typeof siteListQuery>;

/** The site's monitor: Better Uptime's first monitor of the same normalised domain (an index lookup). */
const monitorOf = (site: SQL, status?: SQL) => sql`select 1 from provider_records m
  where m.provider = 'betteruptime' and m.kind = 'monitors' and m.domain = ${site}.domain
  ${status ? sql`and ${status}` : sql``}`;

/** The WHERE of a sites query over `provider_records r` (also what the websites list filters by). */
export function siteFilters(q: Pick<Query, 'q' | 'serverId' | 'tagId' | 'status' | 'monitor'>): SQL[] {
  const r = sql.raw('r');
  return [
    sql`r.provider = 'gridpane' and r.kind = 'sites'`,
    ...(q.q ? [sql`r.search like ${likePattern(q.q)}`] : []),
    ...(q.serverId ? [sql`r.parent_id = ${String(q.serverId)}`] : []),
    ...(q.status ? [sql`r.status = ${q.status}`] : []),
    ...(q.tagId
      ? [
          sql`r.external_id in (select w.provider_site_id from website_tags wt
            join websites w on w.id = wt.website_id
            where wt.tag_id = ${q.tagId} and w.integration_provider = 'gridpane')`,
        ]
      : []),
    ...(q.monitor === 'none'
      ? [sql`not exists (${monitorOf(r)})`]
      : q.monitor
        ? [sql`exists (${monitorOf(r, sql`m.status = ${q.monitor}`)})`]
        : []),
  ];
}

/** The leading sort key besides the url (sort_key), if any: by url it is an index range. */
const leadingKey = (field: string) =>
  field === 'status'
    ? sql`r.status`
    : field === 'server'
      ? sql`lower(coalesce(r.data->>'server_label', ''))`
      : sql`null::text`;

/**
 * One page of GridPane's sites, joined in SQL to what the Websites page shows beside each: our website
 * (id, name), its tags, its monitor's status and 30-day uptime. The page is cut first (an index range
 * for the default order), then only its rows are joined.
 */
export async function listSitePage(services: Services, query: Query): Promise<SitePage> {
  const list = await openProviderList(services, {
    provider: 'gridpane',
    cache: gridpaneSites,
    refresh: query.refresh === 'true',
    sync: () => syncGridPane(services),
    syncing: () => gridpaneSyncing(services),
    reads: siteReads,
  });
  const { page, pageSize } = pageOf(query);
  const { refresh: _, ...asked } = query;
  // The page (rows, total) is kept while the caches and tables it reads are unchanged.
  const found = await list.kept(`sites ${JSON.stringify(asked)}`, () => readSitePage(services.db, query));
  return { ...found, page, pageSize, ...list.meta };
}

/** What a page of sites reads: the sites and monitors caches, our websites and their tags. */
const siteReads: Reads = {
  caches: [gridpaneSites, monitorsKey, figuresKey],
  tables: ['websites', 'website_tags', 'tags'],
};

async function readSitePage(db: Db, query: Query): Promise<Pick<SitePage, 'data' | 'total' | 'overall'>> {
  const { pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'url');
  const filters = siteFilters(query);
  const dir = direction(sort.desc);
  // Totals are kept on their own too: the pages of one filter share them.
  const totalQuery = sql`select count(*) as n from provider_records r ${where(filters)}`;
  const [total, overall, found] = await Promise.all([
    keptCount(
      db,
      {
        caches: query.monitor ? [gridpaneSites, monitorsKey] : [gridpaneSites],
        tables: query.tagId ? ['websites', 'website_tags'] : [],
      },
      totalQuery,
    ),
    // Without filters the total is the whole list: no second count.
    filters.length > 1
      ? keptCount(
          db,
          { caches: [gridpaneSites] },
          sql`select count(*) as n from provider_records r where r.provider = 'gridpane' and r.kind = 'sites'`,
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
        (f.data->>'uptime')::float8 as monitor_uptime,
        coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
            order by lower(t.name), t.id)
          from website_tags wt join tags t on t.id = wt.tag_id where wt.website_id = w.id), '[]') as tags
      from page p
      join provider_records d on d.provider = 'gridpane' and d.kind = 'sites' and d.external_id = p.external_id
      left join websites w on w.integration_provider = 'gridpane' and w.provider_site_id = p.external_id
      left join lateral (select m.external_id, m.status from provider_records m
        where m.provider = 'betteruptime' and m.kind = 'monitors' and m.domain = d.domain
        order by m.external_id limit 1) m on true
      left join provider_records f
        on f.provider = 'betteruptime' and f.kind = 'figures' and f.external_id = m.external_id
      order by p.k1 ${dir}, p.sort_key ${dir}, p.external_id ${dir}`,
    ),
  ]);
  return { data: found.map(toRow), total, overall: overall ?? total };
}

const monitorStatus = (s: unknown) => (s === 'up' || s === 'down' || s === 'paused' ? s : 'other');

function toRow(r: Record<string, unknown>): SiteRow {
  const { system_user_id: _, ...site } = json<SiteRow & { system_user_id?: number }>(r.data);
  return {
    ...site,
    website_id: r.website_id === null ? null : Number(r.website_id),
    website_name: (r.website_name as string | null) ?? null,
    tags: json<Tag[]>(r.tags).map((t) => ({ id: Number(t.id), name: t.name, color: t.color })),
    monitor:
      r.monitor_status === null || r.monitor_status === undefined
        ? null
        : {
            status: monitorStatus(r.monitor_status),
            uptime: r.monitor_uptime === null ? null : Number(r.monitor_uptime),
          },
  };
}

/**
 * The Websites page's filter menus: servers that hold sites (matching `q`, at most 50, plus the one
 * selected) and every tag, each with its count of sites.
 */
export async function siteOptionsOf(
  db: Db,
  query: { q?: string; serverId?: number },
): Promise<z.infer<typeof siteOptions>> {
  const like = query.q ? likePattern(query.q) : null;
  const [servers, tags] = await Promise.all([
    // Counts per server from the parent_id index, then the labels of the (at most 51) picked; kept
    // while the sites and servers are unchanged.
    keptRows<{ id: string; label: string | null; n: number }>(
      db,
      { caches: [gridpaneSites, gridpaneServers] },
      sql`with counts as (
          select r.parent_id, count(*)::int as n from provider_records r
          where r.provider = 'gridpane' and r.kind = 'sites' and r.parent_id is not null
          group by r.parent_id),
        picked as (
          select c.parent_id, c.n, coalesce(s.sort_key, c.parent_id) as k from counts c
          left join provider_records s
            on s.provider = 'gridpane' and s.kind = 'servers' and s.external_id = c.parent_id
          ${like ? sql`where (s.search like ${like} or c.parent_id like ${like})` : sql``}
            ${query.serverId ? sql`${like ? sql`or` : sql`where`} c.parent_id = ${String(query.serverId)}` : sql``}
          order by ${query.serverId ? sql`c.parent_id = ${String(query.serverId)} desc,` : sql``} k, c.parent_id
          limit 51)
        select p.parent_id as id, s.data->>'label' as label, p.n from picked p
        left join provider_records s
          on s.provider = 'gridpane' and s.kind = 'servers' and s.external_id = p.parent_id
        order by ${query.serverId ? sql`p.parent_id = ${String(query.serverId)} desc,` : sql``} p.k, p.parent_id`,
    ),
    keptRows<{ id: number; label: string; n: number }>(
      db,
      { tables: ['tags', 'website_tags', 'websites'] },
      sql`select t.id, t.name as label, count(w.id)::int as n
        from tags t
        left join website_tags wt on wt.tag_id = t.id
        left join websites w on w.id = wt.website_id and w.integration_provider = 'gridpane'
        group by t.id, t.name
        order by lower(t.name), t.id`,
    ),
  ]);
  return {
    servers: servers.map((s) => ({ id: s.id, label: s.label ?? s.id, count: Number(s.n) })),
    tags: tags.map((t) => ({ id: String(t.id), label: t.label, count: Number(t.n) })),
  };
}
