import { type SQL, sql } from 'drizzle-orm';
import { siteMonitorStatus } from '../../shared/monitors';
import { HEALTH_SEVERITY, type Health, type HealthState, type WebsiteView } from '../../shared/websites';
import { keptRows, type Reads } from '../core/cache/kept';
import type { Context } from '../core/context';
import { inCache, json, rows, websiteIdRanges } from '../core/sql';
import type { Db } from '../db/client';
import { coveringWindowSql } from '../maintenance';
import {
  figuresUptimeSql,
  monitorLastCheckedSql,
  monitorNameSql,
  monitorOrderSql,
} from '../providers/betteruptime/columns';
import { BETTERUPTIME, figuresKey, monitorsKey } from '../providers/betteruptime/keys';
import { serverLabelSql } from '../providers/gridpane/columns';
import { gridpaneServers } from '../providers/gridpane/keys';

/**
 * The one read of a website with everything Agency Hub knows about it: its hosting site and server,
 * its check, its Better Uptime monitor, its WordPress facts, its client, and the maintenance window
 * covering it now. Every page, export, report and search that shows a website reads it here, so they
 * cannot disagree. The SQL is over `websites w`; `at` is the clock's now (maintenance depends on it).
 */

const w = sql.raw('w');

/** The check a website's health follows: its first (lowest id) of the checks linked to it. */
const checkJoin = sql`left join lateral (
    select c.id, c.name, c.status, c.paused, c.status_since, c.last_checked_at from checks c
    where c.website_id = w.id order by c.id limit 1) c on true`;

/**
 * The Better Uptime monitor watching a website, as `m`: the monitor a person linked to it
 * (`linked`, SQL, a monitor id or null) while Better Uptime still lists it, else the lowest id of the
 * monitors of its domain (`domain`, SQL). The sites list joins it to a GridPane site's domain and its
 * website's link, the read model to a website's. `m.linked` says which of the two it is.
 */
export const domainMonitorJoin = (domain: SQL, linked: SQL) => sql`left join lateral (
    select m.external_id, m.status, ${monitorNameSql(sql.raw('m'))} as name,
      ${monitorLastCheckedSql(sql.raw('m'))} as last_checked_at,
      m.external_id is not distinct from ${linked} as linked from provider_records m
    where ${inCache('m', monitorsKey)} and (m.domain = ${domain} or m.external_id = ${linked})
    order by (m.external_id is not distinct from ${linked}) desc, ${monitorOrderSql(sql.raw('m'))}
    limit 1) m on true`;

const monitorJoin = domainMonitorJoin(sql`w.domain`, sql`w.linked_monitor_id`);

/** The figures (`f`) we keep of the monitor `m`. */
export const monitorFiguresJoin = sql`left join provider_records f
    on ${inCache('f', figuresKey)} and f.external_id = m.external_id`;

/**
 * Every domain's Better Uptime monitor at once, by the domain's rule (the lowest id), as rows (domain,
 * external_id, status, name); `scope` narrows the domains (SQL over `m.domain`).
 */
export const domainMonitorsSql = (scope?: SQL) => sql`select distinct on (m.domain) m.domain, m.external_id,
    m.status, ${monitorNameSql(sql.raw('m'))} as name
  from provider_records m
  where ${inCache('m', monitorsKey)} and m.domain is not null ${scope ? sql`and ${scope}` : sql``}
  order by m.domain, ${monitorOrderSql(sql.raw('m'))}`;

/** A website (`websites w`) that nothing watches: neither a check of ours nor a Better Uptime monitor. */
export const unwatchedSql = sql`not exists (select 1 from checks c where c.website_id = w.id)
  and not exists (select 1 from provider_records m
    where ${inCache('m', monitorsKey)} and (m.domain = w.domain or m.external_id = w.linked_monitor_id))`;

const maintenanceJoin = (at: Date) =>
  sql`left join lateral (${coveringWindowSql(w, sql`c.id`, at)}) mw on true`;

/** What health needs for a few websites (a page's rows): the check, the monitor and the window. */
export const healthJoins = (at: Date) => sql`${checkJoin} ${monitorJoin} ${maintenanceJoin(at)}`;

/**
 * The same inputs for many websites at once (a range of the fleet), as steps computed once each: the
 * websites in `scope` (SQL over `websites w`), each one's first check, its domain's first monitor and
 * the monitors linked to it. Each step is materialized, so however the planner estimates the tables
 * (a table just filled and never analyzed looks nearly empty to it), no step is computed again per
 * website (on the embedded database, which runs one statement at a time, that cost 23 s on 500 websites
 * and held every request meanwhile). `bulkHealthFrom` joins them, the scoped websites as `w`, and
 * chooses `m` by the rule of `monitorJoin`.
 */
const bulkHealthSteps = (scope: SQL) => sql`scoped as materialized (
    select w.id, w.domain, w.linked_monitor_id, w.client_id, w.server_id from websites w where ${scope}),
  first_check as materialized (
    select distinct on (c.website_id) c.website_id, c.id, c.name, c.status, c.paused, c.status_since
    from checks c where c.website_id in (select id from scoped)
    order by c.website_id, c.id),
  domain_monitor as materialized (${domainMonitorsSql(sql`m.domain in (select domain from scoped)`)}),
  linked_monitor as materialized (select m.external_id, m.status from provider_records m
    where ${inCache('m', monitorsKey)}
      and m.external_id in (select linked_monitor_id from scoped where linked_monitor_id is not null))`;

const bulkHealthFrom = (at: Date) => sql`scoped w
  left join first_check c on c.website_id = w.id
  left join domain_monitor md on md.domain = w.domain
  left join linked_monitor ml on ml.external_id = w.linked_monitor_id
  cross join lateral (select
    case when ml.external_id is not null then ml.external_id else md.external_id end as external_id,
    case when ml.external_id is not null then ml.status else md.status end as status) m
  ${maintenanceJoin(at)}`;

/** The health rule, as SQL over the health joins: the state, its source, and when it began. */
export const healthStateSql = sql<HealthState>`case
    when mw.id is not null then 'maintenance'
    when c.id is not null then
      case when c.paused then 'paused' when c.status in ('up', 'down') then c.status else 'unknown' end
    when m.external_id is not null then
      case when m.status in ('up', 'down', 'paused', 'maintenance') then m.status else 'unknown' end
    else 'unmonitored' end`;
const healthSourceSql = sql`case when c.id is not null then 'check'
    when m.external_id is not null then ${BETTERUPTIME} end`;
/** A down monitor's "since" is its open incident's start; a check keeps when its status changed. */
const healthSinceSql = sql`case
    when mw.id is not null then mw.began
    when c.id is not null then c.status_since
    when m.external_id is not null and m.status = 'down' then (select min(i.started_at) from incidents i
      where i.source = 'monitor' and i.monitor_id = m.external_id and i.ended_at is null) end`;

/** A state's place in the sort by health, worst first (0 for down). */
const severityOf = (state: SQL) =>
  sql<number>`array_position(${sql.raw(`array[${HEALTH_SEVERITY.map((h) => `'${h}'`).join(', ')}]`)}, ${state}) - 1`;

/**
 * Computes the health rule for every website (or those of `websiteIds`) and keeps what changed in
 * website_health, which the fleet's lists filter, sort and count by. Called in the transaction of every
 * change of what health reads, and every minute (maintenance windows start and end with time). The
 * whole fleet goes in ranges of ids, a statement each: a person's change to one website waits for one
 * range, never for 20,000 rows.
 */
export async function refreshHealth(
  ctx: Pick<Context, 'db'>,
  at: Date,
  websiteIds?: number[],
): Promise<void> {
  const { db } = ctx;
  if (websiteIds) {
    if (websiteIds.length === 0) return;
    await refreshHealthWhere(
      db,
      at,
      sql`w.id in ${sql.raw(`(${[...new Set(websiteIds)].map(Number).join(',')})`)}`,
    );
    return;
  }
  for (const [from, to] of await websiteIdRanges(db, HEALTH_RANGE)) {
    await refreshHealthWhere(db, at, sql`w.id between ${from} and ${to}`);
  }
}

/** Websites per statement when the whole fleet's health is refreshed. */
const HEALTH_RANGE = 2000;

async function refreshHealthWhere(db: Db, at: Date, scope: SQL): Promise<void> {
  await db.execute(healthRefreshSql(at, scope));
}

/**
 * The statement that keeps the health of the websites in `scope` (SQL over `websites w`). Only what
 * changed is written: the minute's refresh of a quiet fleet writes nothing.
 */
export const healthRefreshSql = (at: Date, scope: SQL) => sql`
    with ${bulkHealthSteps(scope)},
    computed as (
      select w.id as website_id, ${healthStateSql} as state, ${healthSourceSql} as source,
        ${healthSinceSql} as since
      from ${bulkHealthFrom(at)})
    insert into website_health (website_id, state, source, since, severity, updated_at)
    select c.website_id, c.state, c.source, c.since, ${severityOf(sql`c.state`)}, ${at}
    from computed c left join website_health h on h.website_id = c.website_id
    where h.website_id is null or (h.state, h.source, h.since) is distinct from (c.state, c.source, c.since)
    on conflict (website_id) do update set state = excluded.state, source = excluded.source,
      since = excluded.since, severity = excluded.severity, updated_at = excluded.updated_at`;

/**
 * What a view shows that moves only with the website, its client, facts and tags and the providers'
 * caches (`detailReads`): over `websites w` with the monitor join and `detailJoins`.
 */
const detailColumns = sql`w.id, w.name, w.domain, w.integration_provider, w.provider_site_id,
  w.server_id, w.status, w.environment, w.removed, w.client_id, w.created_at, cl.name as client_name,
  ${serverLabelSql(sql.raw('s'))} as server_label, x.wordpress_version, coalesce(x.php, x.host_php) as php,
  m.external_id as monitor_id, m.name as monitor_name, m.linked as monitor_linked,
  m.status as monitor_status, ${figuresUptimeSql(sql.raw('f'))} as monitor_uptime,
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
      order by lower(t.name), t.id)
    from website_tags wt join tags t on t.id = wt.tag_id where wt.website_id = w.id), '[]') as tags`;

/** Everything the detail columns read: kept answers of them are reused while none of it changed. */
const detailReads: Reads = {
  caches: [gridpaneServers, monitorsKey, figuresKey],
  tables: ['websites', 'website_tags', 'tags', 'clients', 'website_facts'],
};

/** What moves with every check's run and with the clock: the health, the check, the last check's time. */
const liveColumns = sql`${healthStateSql} as health_state, ${healthSourceSql} as health_source,
  ${healthSinceSql} as health_since, c.id as check_id, c.name as check_name,
  case when c.id is not null then c.last_checked_at else m.last_checked_at::timestamptz end as last_checked_at`;

/** Everything a website view shows, over `websites w` with the health joins and `detailJoins`. */
export const viewColumns = sql`${detailColumns}, ${liveColumns}`;

/** The rest of a view: server label, WordPress facts, client, the monitor's figures. */
export const detailJoins = sql`left join provider_records s
    on s.provider = w.integration_provider and s.kind = ${gridpaneServers.kind} and s.external_id = w.server_id
  left join website_facts x on x.website_id = w.id
  left join clients cl on cl.id = w.client_id
  ${monitorFiguresJoin}`;

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function healthOf(r: Record<string, unknown>): Health {
  return {
    state: r.health_state as HealthState,
    source: (r.health_source as Health['source']) ?? null,
    since: iso(r.health_since),
  };
}

/** The status and 30-day uptime of the monitor a row joined (`monitor_status`, `monitor_uptime`). */
export function monitorSummaryOf(r: Record<string, unknown>): WebsiteView['monitor'] {
  return r.monitor_status === null || r.monitor_status === undefined
    ? null
    : {
        status: siteMonitorStatus(r.monitor_status),
        uptime: r.monitor_uptime == null ? null : Number(r.monitor_uptime),
      };
}

/** A row of the view as the API answers it. */
export function toWebsiteView(r: Record<string, unknown>): WebsiteView {
  return {
    id: Number(r.id),
    name: String(r.name),
    domain: String(r.domain),
    integrationProvider: String(r.integration_provider),
    providerSiteId: text(r.provider_site_id),
    serverId: text(r.server_id),
    status: String(r.status),
    environment: String(r.environment),
    removed: Boolean(r.removed),
    clientId: r.client_id === null || r.client_id === undefined ? null : Number(r.client_id),
    client:
      r.client_id === null || r.client_id === undefined
        ? null
        : { id: Number(r.client_id), name: String(r.client_name ?? '') },
    tags: json<{ id: number; name: string; color: string }[]>(r.tags).map((t) => ({
      id: Number(t.id),
      name: t.name,
      color: t.color,
    })),
    serverLabel: text(r.server_label),
    addedAt: iso(r.created_at)!,
    wordpressVersion: text(r.wordpress_version),
    phpVersion: text(r.php),
    health: healthOf(r),
    lastCheckedAt: iso(r.last_checked_at),
    check: r.check_id == null ? null : { id: Number(r.check_id), name: String(r.check_name) },
    betterUptimeMonitor:
      r.monitor_id == null
        ? null
        : { id: String(r.monitor_id), name: String(r.monitor_name), linked: r.monitor_linked === true },
    monitor: monitorSummaryOf(r),
  };
}

/**
 * The views of these websites (a page's rows), in the order given: the details kept while nothing
 * they read changed (the answer cache), the health and the check computed now by the rule above. Two
 * small statements instead of one joining everything: planning that join costs more than running it.
 */
export async function readViewsOf(ctx: Pick<Context, 'db'>, ids: number[], at: Date): Promise<WebsiteView[]> {
  if (ids.length === 0) return [];
  const list = sql.raw(`(${ids.map(Number).join(',')})`);
  const [details, live] = await Promise.all([
    keptRows<Record<string, unknown>>(
      ctx.db,
      detailReads,
      sql`select ${detailColumns} from websites w ${monitorJoin} ${detailJoins} where w.id in ${list}`,
    ),
    rows<Record<string, unknown>>(
      ctx.db,
      sql`select w.id, ${liveColumns} from websites w ${healthJoins(at)} where w.id in ${list}`,
    ),
  ]);
  const detailOf = new Map(details.map((r) => [Number(r.id), r]));
  const liveOf = new Map(live.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const detail = detailOf.get(id);
    const now = liveOf.get(id);
    return detail && now ? [toWebsiteView({ ...detail, ...now })] : [];
  });
}
