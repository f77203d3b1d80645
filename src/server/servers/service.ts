import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOf, parseSort } from '../../shared/lists';
import type { Server, ServerPage, serverListQuery } from '../../shared/servers';
import { notFound } from '../http/errors';
import { gridpaneServers, gridpaneSyncing, syncGridPane } from '../integrations/gridpane-sync';
import { loadSettings } from '../integrations/service';
import { keptCount, keptRows } from '../lists/kept';
import { openProviderList } from '../lists/provider-list';
import { direction, json, likePattern, rows, where } from '../lists/sql';
import { cacheMeta, serveCached } from '../provider-cache/serve';
import { readCacheItem, readCacheState } from '../provider-cache/service';
import type { Services } from '../services';

const byLabel = (a: Server, b: Server) => a.label.localeCompare(b.label, undefined, { numeric: true });

export async function listServers(services: Services, refresh: boolean) {
  await loadSettings(services, 'gridpane');
  const served = await serveCached<Server>(services.db, gridpaneServers, {
    refresh,
    sync: () => syncGridPane(services),
    answerWithinMs: services.config.refreshAnswerMs,
    syncing: () => gridpaneSyncing(services),
  });
  return { data: [...served.state.items].sort(byLabel), ...cacheMeta(served) };
}

/** One server: a primary-key read of the cache, whatever the fleet's size. */
export async function getServer(services: Services, id: number) {
  await loadSettings(services, 'gridpane');
  const served = await serveCached<never>(services.db, gridpaneServers, {
    refresh: false,
    sync: () => syncGridPane(services),
    answerWithinMs: services.config.refreshAnswerMs,
    syncing: () => gridpaneSyncing(services),
    read: readCacheState,
  });
  const data = await readCacheItem<Server>(services.db, gridpaneServers, String(id));
  if (!data) throw notFound('Server not found');
  return { data, ...cacheMeta(served) };
}

/** One page of GridPane's servers, filtered, sorted and counted in SQL on the list columns. */
export async function listServerPage(
  services: Services,
  query: z.output<typeof serverListQuery>,
): Promise<ServerPage> {
  const reads = { caches: [gridpaneServers] };
  const list = await openProviderList(services, {
    provider: 'gridpane',
    cache: gridpaneServers,
    refresh: query.refresh === 'true',
    sync: () => syncGridPane(services),
    syncing: () => gridpaneSyncing(services),
    reads,
  });
  const { page, pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'label');
  const scope = sql`r.provider = 'gridpane' and r.kind = 'servers'`;
  const filters = [
    scope,
    query.q ? sql`r.search like ${likePattern(query.q)}` : undefined,
    query.status ? sql`r.status = ${query.status}` : undefined,
  ];
  const first =
    sort.field === 'status'
      ? sql`r.status`
      : sort.field === 'sites'
        ? sql`(r.data->>'sites_count')::int`
        : sql`null::text`;
  const dir = direction(sort.desc);
  const { db } = services;
  const { refresh: _, ...asked } = query;
  // The page is kept while the servers cache is unchanged (lists/kept).
  const [total, statuses, found] = await list.kept(`servers ${JSON.stringify(asked)}`, () =>
    Promise.all([
      keptCount(
        db,
        { caches: [gridpaneServers] },
        sql`select count(*) as n from provider_records r ${where(filters)}`,
      ),
      keptRows<{ status: string | null; n: number }>(
        db,
        { caches: [gridpaneServers] },
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
          on d.provider = 'gridpane' and d.kind = 'servers' and d.external_id = p.external_id
        order by p.k1 ${dir}, p.sort_key ${dir}, p.external_id ${dir}`,
      ),
    ]),
  );
  return {
    data: found.map((r) => json<Server>(r.data)),
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
