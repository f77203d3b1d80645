import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOf, parseSort } from '../../shared/lists';
import type { Server, ServerPage, serverListQuery } from '../../shared/servers';
import { keptCount, keptRows, type Reads } from '../core/cache/kept';
import { notFound } from '../core/errors';
import { clientInScope, isScoped, scopeKey, serverInScope } from '../core/scope';
import { direction, inCache, json, likePattern, rows, where } from '../core/sql';
import { loadSettings } from '../integrations';
import { cacheMeta, openProviderList, readCacheItem, readCacheState, serveCached } from '../provider-cache';
import { serverSitesCountSql } from '../providers/gridpane/columns';
import { GRIDPANE, GRIDPANE_SYNC_JOB, gridpaneServers } from '../providers/gridpane/keys';
import type { Services } from '../services';
import { websiteIdsBySiteId } from '../websites';

const byLabel = (a: Server, b: Server) => a.label.localeCompare(b.label, undefined, { numeric: true });

/**
 * A server as a limited person sees it: only their clients' sites among those it lists (the count of
 * all its sites stays: that it is shared is no client's secret). Everyone else sees it whole.
 */
async function limitSites(services: Services): Promise<(server: Server) => Server> {
  if (!isScoped(services)) return (server) => server;
  const mine = await websiteIdsBySiteId(services, GRIDPANE);
  return (server) => ({ ...server, sites: server.sites.filter((site) => mine.has(String(site.id))) });
}

/** The ids of the servers a limited person sees (those holding their clients' websites); null: all. */
async function serverIdsInScope(services: Services): Promise<Set<string> | null> {
  if (!isScoped(services)) return null;
  const found = await rows<{ id: string }>(
    services.db,
    sql`select distinct w.server_id as id from websites w
      where w.server_id is not null and ${clientInScope(services, sql`w.client_id`)}`,
  );
  return new Set(found.map((r) => String(r.id)));
}

export async function listServers(services: Services, refresh: boolean) {
  await loadSettings(services, GRIDPANE);
  const served = await serveCached<Server>(services, gridpaneServers, {
    refresh,
    sync: { job: GRIDPANE_SYNC_JOB },
    answerWithin: services.config.answerWithin,
  });
  const [allowed, limit] = await Promise.all([serverIdsInScope(services), limitSites(services)]);
  const data = served.state.items.filter((s) => !allowed || allowed.has(String(s.id))).map(limit);
  return { data: data.sort(byLabel), ...cacheMeta(served) };
}

/** One server: a primary-key read of the cache, whatever the fleet's size. */
export async function getServer(services: Services, id: number) {
  await loadSettings(services, GRIDPANE);
  const served = await serveCached<never>(services, gridpaneServers, {
    refresh: false,
    sync: { job: GRIDPANE_SYNC_JOB },
    answerWithin: services.config.answerWithin,
    read: readCacheState,
  });
  const data = await readCacheItem<Server>(services, gridpaneServers, String(id));
  const allowed = await serverIdsInScope(services);
  if (!data || (allowed && !allowed.has(String(id)))) throw notFound('Server not found');
  return { data: (await limitSites(services))(data), ...cacheMeta(served) };
}

/** One page of GridPane's servers, filtered, sorted and counted in SQL on the list columns. */
export async function listServerPage(
  services: Services,
  query: z.output<typeof serverListQuery>,
): Promise<ServerPage> {
  // A limited person's page also reads which servers hold their clients' websites.
  const reads: Reads = { caches: [gridpaneServers], tables: isScoped(services) ? ['websites'] : [] };
  const list = await openProviderList(services, {
    provider: GRIDPANE,
    cache: gridpaneServers,
    refresh: query.refresh === 'true',
    sync: { job: GRIDPANE_SYNC_JOB },
    reads,
  });
  const { page, pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'label');
  const limit = isScoped(services) ? serverInScope(services, sql`r.external_id`) : undefined;
  const scope = limit ? sql`${inCache('r', gridpaneServers)} and ${limit}` : inCache('r', gridpaneServers);
  const filters = [
    scope,
    query.q ? sql`r.search like ${likePattern(query.q)}` : undefined,
    query.status ? sql`r.status = ${query.status}` : undefined,
  ];
  const first =
    sort.field === 'status'
      ? sql`r.status`
      : sort.field === 'sites'
        ? sql`(${serverSitesCountSql(sql.raw('r'))})::int`
        : sql`null::text`;
  const dir = direction(sort.desc);
  const { db } = services;
  const { refresh: _, ...asked } = query;
  // The page is kept while the servers cache is unchanged (the answer cache).
  const reading: Reads = { caches: [gridpaneServers], tables: limit ? ['websites'] : [] };
  const [total, statuses, found] = await list.kept(
    `servers ${JSON.stringify(asked)} ${scopeKey(services)}`,
    () =>
      Promise.all([
        keptCount(db, reading, sql`select count(*) as n from provider_records r ${where(filters)}`),
        keptRows<{ status: string | null; n: number }>(
          db,
          reading,
          sql`select r.status, count(*)::int as n from provider_records r where ${scope}
        group by r.status order by r.status`,
        ),
        rows<{ data: unknown }>(
          db,
          sql`with page as (
          select r.external_id, ${first} as k1, r.sort_key from provider_records r ${where(filters)}
          order by k1 ${dir}, r.sort_key ${dir}, r.external_id ${dir}
          limit ${pageSize} offset ${offset})
        select d.data from page p
        join provider_records d
          on ${inCache('d', gridpaneServers)} and d.external_id = p.external_id
        order by p.k1 ${dir}, p.sort_key ${dir}, p.external_id ${dir}`,
        ),
      ]),
  );
  const ours = await limitSites(services);
  return {
    data: found.map((r) => ours(json<Server>(r.data))),
    total,
    overall: statuses.reduce((n, s) => n + Number(s.n), 0),
    page,
    pageSize,
    statuses: statuses.map((s) => ({
      id: s.status ?? '',
      label: s.status ?? 'unknown',
      count: Number(s.n),
    })),
    ...list.meta,
  };
}
