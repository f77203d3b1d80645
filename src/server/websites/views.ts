import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOf, parseSort } from '../../shared/lists';
import type { Health } from '../../shared/website-health';
import {
  HEALTH_SEVERITY,
  type HealthState,
  VERSION_SOURCES,
  type VersionReading,
  type WebsiteDetail,
  type WebsitePage,
  type WebsiteView,
  type websiteFilters,
} from '../../shared/websites';
import { keptCount, keptRows, type Reads } from '../core/cache/kept';
import { notFound } from '../core/errors';
import { clientInScope, type ScopeContext } from '../core/scope';
import { direction, likePattern, rows, where } from '../core/sql';
import { websiteFacts } from '../db/schema';
import { type CacheKey, readCacheState } from '../provider-cache';
import { serverLabelSql } from '../providers/gridpane/columns';
import { GRIDPANE, gridpaneServers, gridpaneSites } from '../providers/gridpane/keys';
import { HDSNAPSHOT } from '../providers/hdsnapshot/keys';
import { KINSTA, kinstaSites } from '../providers/kinsta/keys';
import type { Services } from '../services';
import { hostSyncs } from './hosts';
import { watchersOf } from './monitoring';
import { detailJoins, healthJoins, healthOf, readViewsOf, toWebsiteView, viewColumns } from './read-model';
import { readWebsiteSoftware } from './software';

type FilterShape = { [K in keyof typeof websiteFilters]?: z.output<(typeof websiteFilters)[K]> };

/** What a list of websites may be narrowed by: the Websites list's filters, and a few for callers. */
export type WebsiteFilter = FilterShape & {
  q?: string;
  ids?: number[];
  /** Removed websites (gone from their host) are left out unless asked for. */
  removed?: 'include' | 'only';
};

/** The old `monitor` filter (the Better Uptime monitor's status) read as the health it stands for. */
const monitorAsHealth: Record<string, HealthState> = {
  up: 'up',
  down: 'down',
  paused: 'paused',
  none: 'unmonitored',
};

/** The filters that read only the websites table and its small neighbours (index lookups). */
function plainFilters(f: WebsiteFilter): SQL[] {
  return [
    f.removed === 'include' ? undefined : f.removed === 'only' ? sql`w.removed` : sql`not w.removed`,
    f.q
      ? // domain is stored lower-cased: both sides meet their trigram indexes.
        sql`(w.domain like ${likePattern(f.q)} or lower(w.name) like ${likePattern(f.q)})`
      : undefined,
    f.serverId ? sql`w.server_id = ${String(f.serverId)}` : undefined,
    f.status ? sql`w.status = ${f.status}` : undefined,
    f.clientId ? sql`w.client_id = ${f.clientId}` : undefined,
    f.host ? sql`w.integration_provider = ${f.host}` : undefined,
    f.tagId
      ? sql`w.id in (select wt.website_id from website_tags wt where wt.tag_id = ${f.tagId})`
      : undefined,
    f.ids
      ? f.ids.length
        ? sql`w.id in ${sql.raw(`(${f.ids.map(Number).join(',')})`)}`
        : sql`false`
      : undefined,
  ].filter((x): x is SQL => x !== undefined);
}

/** The health asked for, by `health` or by the old `monitor` filter (the narrower wins when both). */
const healthAsked = (f: WebsiteFilter): HealthState | undefined =>
  f.health ?? (f.monitor ? monitorAsHealth[f.monitor] : undefined);

/** A health filter: the kept health (an index on the state), so it costs the same at any fleet size. */
const healthFilter = (state: HealthState | undefined) =>
  state ? [sql`w.id in (select h.website_id from website_health h where h.state = ${state})`] : [];

/** Sorts over the view's columns, each with the one join it needs; domain and id break ties. */
const sorts: Record<string, { key: SQL; join?: SQL }> = {
  domain: { key: sql`w.domain` },
  name: { key: sql`lower(w.name)` },
  status: { key: sql`w.status` },
  client: { key: sql`lower(cl.name)`, join: sql`left join clients cl on cl.id = w.client_id` },
  wordpress: {
    key: versionKey(sql`x.wordpress_version`),
    join: sql`left join website_facts x on x.website_id = w.id`,
  },
  php: {
    key: versionKey(sql`coalesce(x.php, x.host_php)`),
    join: sql`left join website_facts x on x.website_id = w.id`,
  },
  server: {
    key: sql`lower(${serverLabelSql(sql.raw('s'))})`,
    join: sql`left join provider_records s
      on s.provider = w.integration_provider and s.kind = ${gridpaneServers.kind} and s.external_id = w.server_id`,
  },
  health: {
    key: sql`coalesce(h.severity, ${HEALTH_SEVERITY.length})`,
    join: sql`left join website_health h on h.website_id = w.id`,
  },
};

/** A version as numbers, so 6.10 sorts after 6.9 (letters and suffixes ignored). */
function versionKey(version: SQL): SQL {
  return sql`string_to_array(nullif(regexp_replace(${version}, '[^0-9.]', '', 'g'), ''), '.')::int[]`;
}

type ListQuery = WebsiteFilter & { sort?: string };

/**
 * What cutting a page of the list reads: the websites, what its filters read (tags, kept health) and
 * what its sorts read (clients, WordPress facts, the host's servers, kept health).
 */
const pageCutReads: Reads = {
  caches: [gridpaneServers],
  tables: ['websites', 'website_tags', 'website_health', 'clients', 'website_facts'],
};

/** The websites of a list query, in its order: the page's rows, or (no limit) every one, as the export takes them. */
async function readListRows(services: Services, query: ListQuery, limit?: { size: number; offset: number }) {
  const at = services.clock.now();
  const sort = parseSort(query.sort ?? 'domain');
  const dir = direction(sort.desc);
  const { key, join } = sorts[sort.field] ?? sorts.domain!;
  if (limit) {
    // The page's ids are kept while nothing the cut reads changed (the answer cache): sorting 20,000
    // websites once per change, not per view. Then only the page's rows are read.
    const page = await keptRows<{ id: number | string }>(
      services.db,
      pageCutReads,
      sql`select w.id from websites w ${join ?? sql``} ${where(websiteListWhere(services, query))}
        order by ${key} ${dir} nulls last, w.domain ${dir}, w.id
        limit ${limit.size} offset ${limit.offset}`,
    );
    return readViewsOf(
      services,
      page.map((r) => Number(r.id)),
      at,
    );
  }
  const found = await rows<Record<string, unknown>>(
    services.db,
    sql`with page as (
      select w.id, ${key} as k from websites w ${join ?? sql``} ${where(websiteListWhere(services, query))}
      order by k ${dir} nulls last, w.domain ${dir}, w.id)
    select ${viewColumns} from page p join websites w on w.id = p.id
      ${healthJoins(at)} ${detailJoins}
    order by p.k ${dir} nulls last, w.domain ${dir}, w.id`,
  );
  return found.map(toWebsiteView);
}

/** A person limited to chosen clients sees only those clients' websites. */
const inScope = (ctx: ScopeContext) => clientInScope(ctx, sql`w.client_id`);

/**
 * The one reading of the website filters (w: websites): the Websites list's, and every list of
 * websites elsewhere (backups) that offers the same filters.
 */
export const websiteListWhere = (ctx: ScopeContext, query: WebsiteFilter): SQL[] => [
  inScope(ctx),
  ...plainFilters(query),
  ...healthFilter(healthAsked(query)),
];

/**
 * What the list's counts read: the websites, their tags (a tag filter) and their kept health. A count
 * is kept while none of them changed (the answer cache), so ten people paging one list count once.
 */
const countReads: Reads = { tables: ['websites', 'website_tags', 'website_health'] };

/**
 * One page of websites in the view: filtered, sorted and counted in SQL on the websites table and the
 * kept health (index ranges and lookups); only the page's rows are joined to everything else, and
 * their health is computed then, by the same rule.
 */
export async function readWebsitePage(
  services: Services,
  query: ListQuery & { page?: number; pageSize?: number; refresh?: 'true' | 'false' },
): Promise<Omit<WebsitePage, 'data'> & { data: WebsiteView[] }> {
  const { db } = services;
  const { page, pageSize, offset } = pageOf(query);
  const [total, overall, data, hosts] = await Promise.all([
    keptCount(
      db,
      countReads,
      sql`select count(*) as n from websites w ${where(websiteListWhere(services, query))}`,
    ),
    keptCount(
      db,
      { tables: ['websites'] },
      sql`select count(*) as n from websites w where not w.removed and ${inScope(services)}`,
    ),
    readListRows(services, query, { size: pageSize, offset }),
    hostSyncs(services, query.refresh === 'true'),
  ]);
  return { data, total, overall, page, pageSize, hosts };
}

/** Every website a list query shows, in its order (the CSV export of what the list shows). */
export function readWebsiteList(services: Services, query: ListQuery): Promise<WebsiteView[]> {
  return readListRows(services, query);
}

/** Every website matching the filter, in domain order (the export, a client's page, a report). */
export async function readWebsites(services: Services, filter: WebsiteFilter): Promise<WebsiteView[]> {
  const at = services.clock.now();
  const found = await rows<Record<string, unknown>>(
    services.db,
    sql`select ${viewColumns} from websites w ${healthJoins(at)} ${detailJoins}
      ${where(websiteListWhere(services, filter))}
      order by w.removed, w.domain, w.id`,
  );
  return found.map(toWebsiteView);
}

/** One website in the view; a 404 when there is none. */
export async function readWebsite(services: Services, id: number): Promise<WebsiteView> {
  const [found] = await readWebsites(services, { ids: [id], removed: 'include' });
  if (!found) throw notFound('Website not found');
  return found;
}

/** The hosts' caches of sites, whose last complete read is when a host's PHP was read. */
const HOST_SITES: Record<string, CacheKey> = { [GRIDPANE]: gridpaneSites, [KINSTA]: kinstaSites };

/** One website with each version named by its source and read time (the website page). */
export async function readWebsiteDetail(services: Services, id: number): Promise<WebsiteDetail> {
  const view = await readWebsite(services, id);
  const [[facts], watchers] = await Promise.all([
    services.db.select().from(websiteFacts).where(eq(websiteFacts.websiteId, id)),
    watchersOf(services, view),
  ]);
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const php: VersionReading[] = [];
  if (facts?.php) php.push({ version: facts.php, source: HDSNAPSHOT, readAt: iso(facts.snapshotAt) });
  const host = view.integrationProvider;
  if (facts?.hostPhp && isVersionSource(host)) {
    const cache = HOST_SITES[host];
    // A site its host still lists was read with the host's last complete list; a removed one, not since.
    const readAt = cache && !view.removed ? (await readCacheState(services, cache)).syncedAt : null;
    php.push({ version: facts.hostPhp, source: host, readAt: iso(readAt) });
  }
  const software = await readWebsiteSoftware(services, id, facts);
  return {
    ...view,
    watchers,
    software,
    versions: {
      wordpress: facts?.wordpressVersion
        ? { version: facts.wordpressVersion, source: HDSNAPSHOT, readAt: iso(facts.snapshotAt) }
        : null,
      php,
      snapshot:
        facts?.snapshotOk == null
          ? null
          : { ok: facts.snapshotOk, error: facts.snapshotError, attemptedAt: iso(facts.attemptedAt) },
    },
  };
}

const isVersionSource = (v: string): v is VersionReading['source'] =>
  (VERSION_SOURCES as readonly string[]).includes(v);

/**
 * The kept health of these websites (what the lists filter, sort and count by, refreshed with every
 * change of what health reads and every minute): for a list that shows a health beside rows it read
 * elsewhere, a lookup instead of computing the rule again. Websites not yet computed are left out.
 */
export async function keptHealthOf(services: Services, ids: number[]): Promise<Map<number, Health>> {
  if (ids.length === 0) return new Map();
  const found = await rows<Record<string, unknown>>(
    services.db,
    sql`select website_id, state as health_state, source as health_source, since as health_since
      from website_health
      where website_id in ${sql.raw(`(${[...new Set(ids)].map(Number).join(',')})`)}`,
  );
  return new Map(found.map((r) => [Number(r.website_id), healthOf(r)]));
}

/** How many websites (not removed) are in each health state, among those the filter leaves. */
export async function healthCounts(
  services: Services,
  filter: WebsiteFilter = {},
): Promise<Record<HealthState, number>> {
  // Kept like the list's counts: the dashboard asks on every view.
  const found = await keptRows<{ state: HealthState; n: number | string }>(
    services.db,
    countReads,
    sql`select coalesce(h.state, 'unknown') as state, count(*) as n
      from websites w left join website_health h on h.website_id = w.id
      ${where([inScope(services), ...plainFilters(filter)])} group by 1`,
  );
  const counts = { up: 0, down: 0, paused: 0, maintenance: 0, unknown: 0, unmonitored: 0 };
  for (const r of found) counts[r.state] = Number(r.n);
  return counts;
}
