import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseDomain } from '../../shared/domains';
import type { MonitorStatus } from '../../shared/monitors';
import type { UptimeList, UptimeRow, uptimeQuery } from '../../shared/uptime';
import { availability, uptimePercent } from '../checks/results';
import { providerRecords, providerSyncs } from '../db/schema';
import { listIntegrations } from '../integrations/service';
import { keptCount, keptRows } from '../lists/kept';
import { count, likePattern, rows } from '../lists/sql';
import { checksInMaintenance, rowsOf } from '../maintenance/coverage';
import { figuresKey, type MonitorFigures } from '../monitors/figures';
import { monitorsKey } from '../monitors/sync';
import type { Services } from '../services';
import { websitesByDomain } from '../websites/service';

type Query = z.output<typeof uptimeQuery>;
const DAY_MS = 86_400_000;

// Down first, then what needs a look, then the rest; a sort on status follows this order.
const STATUS_RANK = sql.raw(`case status when 'down' then 0 when 'maintenance' then 1 when 'pending' then 2
  when 'validating' then 3 when 'unknown' then 4 when 'paused' then 5 else 6 end`);

/**
 * One page of our checks and Better Uptime's monitors together: filtered, sorted and counted in the
 * database (a fleet of thousands costs what the page shows), then the page's rows get their figures.
 */
export async function listUptime(services: Services, q: Query): Promise<UptimeList> {
  const { db } = services;
  const integrations = await listIntegrations(services);
  const bu = integrations.find((i) => i.provider === 'betteruptime');
  const withMonitors = Boolean(bu?.enabled && bu.configured);

  const desc = q.sort.startsWith('-');
  const key = q.sort.replace(/^-/, '');
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const order = (k: string) =>
    key === 'name'
      ? sql.raw(`${k}sort_name ${desc ? 'desc' : 'asc'}, ${k}source, ${k}id`)
      : key === 'status'
        ? sql`${sql.raw(k)}status_rank ${dir}, ${sql.raw(`${k}sort_name, ${k}source, ${k}id`)}`
        : sql.raw(
            `${k}last_checked_at ${desc ? 'asc' : 'desc'} nulls last, ${k}sort_name, ${k}source, ${k}id`,
          );
  const filters = [
    q.q ? sql`search like ${likePattern(q.q)}` : undefined,
    q.status ? sql`status = ${q.status}` : undefined,
  ].filter((f): f is SQL => f !== undefined);
  const matching = (from: SQL) =>
    sql`${from} ${filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``}`;
  // Each source's sort keys, on the list columns (no JSON read for 20,000 monitors).
  const checkKeys = sql`(select 'check' as source, c.id::text as id, lower(c.name) as sort_name,
      case when c.paused then 'paused' else c.status end as status, c.last_checked_at as last_checked_at,
      lower(c.name) || ' ' || lower(c.url) as search
    from checks c) u`;
  const lastChecked =
    key === 'lastChecked'
      ? sql`(r.data->'attributes'->>'last_checked_at')::timestamptz`
      : sql`null::timestamptz`;
  const monitorKeys = sql`(select 'monitor' as source, r.external_id as id, r.sort_key as sort_name,
      r.status as status, ${lastChecked} as last_checked_at, r.search as search
    from provider_records r where r.provider = 'betteruptime' and r.kind = 'monitors') u`;
  // The page is among the first offset + pageSize rows of each source: each source's are cut on its
  // own, Better Uptime's kept while its monitors are unchanged (lists/kept), then merged and cut in SQL.
  const reach = q.page * q.pageSize;
  const firstOf = (from: SQL) =>
    sql`select u.source, u.id, u.sort_name, u.status, u.last_checked_at, ${STATUS_RANK} as status_rank
      from ${matching(from)} order by ${order('')} limit ${reach}`;
  const withChecks = q.source !== 'monitor';
  const withMonitorRows = q.source !== 'check' && withMonitors;
  const countOf = (from: SQL) => sql`select count(*) as n from ${matching(from)}`;
  const [counts, meta, checkTotal, monitorTotal, checkFirst, monitorFirst] = await Promise.all([
    countBySource(services, withMonitors),
    monitorsMeta(services, withMonitors),
    withChecks ? count(db, countOf(checkKeys)) : 0,
    withMonitorRows ? keptCount(db, { caches: [monitorsKey] }, countOf(monitorKeys)) : 0,
    withChecks ? rows<Record<string, unknown>>(db, firstOf(checkKeys)) : [],
    withMonitorRows
      ? keptRows<Record<string, unknown>>(db, { caches: [monitorsKey] }, firstOf(monitorKeys))
      : [],
  ]);
  if (!withChecks && !withMonitorRows)
    return { data: [], total: 0, page: q.page, pageSize: q.pageSize, counts, betteruptime: meta };
  const keys = JSON.stringify([...checkFirst, ...monitorFirst]);
  const found = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with k as (
        select * from jsonb_to_recordset(${keys}::jsonb) as k(source text, id text, sort_name text,
          status text, last_checked_at timestamptz, status_rank int)
        order by ${order('k.')}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize})
      select k.source, k.id, k.status,
        coalesce(c.name, nullif(r.data->'attributes'->>'pronounceable_name', ''), r.data->'attributes'->>'url') as name,
        coalesce(c.url, r.data->'attributes'->>'url') as url,
        case when k.source = 'check' then 'HTTP' else r.data->'attributes'->>'monitor_type' end as type,
        c.last_response_ms as response_ms,
        coalesce(c.interval_seconds, (r.data->'attributes'->>'check_frequency')::int) as frequency,
        coalesce(c.last_checked_at, (r.data->'attributes'->>'last_checked_at')::timestamptz) as last_checked_at,
        c.website_id as website_id
      from k
      left join checks c on k.source = 'check' and c.id = (case when k.source = 'check' then k.id::int end)
      left join provider_records r on k.source = 'monitor' and r.provider = 'betteruptime'
        and r.kind = 'monitors' and r.external_id = k.id
      order by ${order('k.')}`),
  );
  const total = checkTotal + monitorTotal;
  return {
    data: await withFigures(services, found),
    total,
    page: q.page,
    pageSize: q.pageSize,
    counts,
    betteruptime: meta,
  };
}

async function countBySource(services: Services, withMonitors: boolean) {
  const [checks, monitors] = await Promise.all([
    count(services.db, sql`select count(*) as n from checks`),
    withMonitors
      ? keptCount(
          services.db,
          { caches: [monitorsKey] },
          sql`select count(*) as n from provider_records where provider = 'betteruptime' and kind = 'monitors'`,
        )
      : 0,
  ]);
  return { check: checks, monitor: monitors };
}

async function monitorsMeta(services: Services, configured: boolean) {
  const [sync] = await services.db
    .select()
    .from(providerSyncs)
    .where(and(eq(providerSyncs.provider, 'betteruptime'), eq(providerSyncs.kind, 'monitors')));
  return {
    configured,
    syncedAt: configured ? (sync?.syncedAt?.toISOString() ?? null) : null,
    error: configured ? (sync?.error ?? null) : null,
  };
}

/** The page's rows with their figures: our checks' measured 30 days, Better Uptime's cached ones. */
async function withFigures(services: Services, rows: Record<string, unknown>[]): Promise<UptimeRow[]> {
  const now = services.clock.now();
  const checkIds = rows.filter((r) => r.source === 'check').map((r) => Number(r.id));
  const monitorIds = rows.filter((r) => r.source === 'monitor').map((r) => String(r.id));
  const [measured, maintenance, figures, sites] = await Promise.all([
    availability(services.db, checkIds, new Date(now.getTime() - 30 * DAY_MS), now),
    checksInMaintenance(services.db, checkIds, now),
    monitorIds.length
      ? services.db
          .select({ id: providerRecords.externalId, data: providerRecords.data })
          .from(providerRecords)
          .where(
            and(
              eq(providerRecords.provider, figuresKey.provider),
              eq(providerRecords.kind, figuresKey.kind),
              inArray(providerRecords.externalId, monitorIds),
            ),
          )
      : [],
    websitesByDomain(
      services.db,
      rows.filter((r) => r.source === 'monitor').map((r) => normaliseDomain(String(r.url))),
    ),
  ]);
  const figure = new Map(figures.map((f) => [f.id, f.data as MonitorFigures]));
  return rows.map((r) => {
    const isCheck = r.source === 'check';
    const f = isCheck ? undefined : figure.get(String(r.id));
    const a = isCheck ? measured.get(Number(r.id)) : undefined;
    return {
      source: r.source as UptimeRow['source'],
      id: String(r.id),
      name: String(r.name),
      url: String(r.url),
      status: (r.status as MonitorStatus) ?? 'unknown',
      inMaintenance: isCheck && maintenance.has(Number(r.id)),
      type: String(r.type ?? 'status'),
      uptime: isCheck ? uptimePercent(a) : (f?.uptime ?? null),
      responseMs: isCheck
        ? r.response_ms === null
          ? null
          : Number(r.response_ms)
        : (f?.avgResponseMs ?? null),
      frequencySeconds: r.frequency === null ? null : Number(r.frequency),
      lastCheckedAt: r.last_checked_at ? new Date(r.last_checked_at as string).toISOString() : null,
      websiteId: isCheck
        ? r.website_id === null
          ? null
          : Number(r.website_id)
        : (sites.get(normaliseDomain(String(r.url)))?.id ?? null),
    };
  });
}
