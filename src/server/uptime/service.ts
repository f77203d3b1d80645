import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UptimeList, uptimeQuery } from '../../shared/uptime';
import { generationsColumn, keptAtGenerations, type Reads } from '../core/cache/kept';
import { domainInScope, scopeKey } from '../core/scope';
import { inCache, json, rows } from '../core/sql';
import type { IntegrationRow } from '../db/schema';
import { integrationOn } from '../integrations';
import { BETTERUPTIME, figuresKey, monitorsKey } from '../providers/betteruptime/keys';
import type { Services } from '../services';
import { pageRows } from './rows';
import {
  type CheckFirst,
  checkRows,
  firstRows,
  matching,
  mergedPage,
  monitorRows,
  type SortKey,
} from './sources';

type Query = z.output<typeof uptimeQuery>;

/** What Better Uptime's side of the list reads: kept while none of it changes (the answer cache). */
const monitorReads: Reads = { caches: [monitorsKey, figuresKey], tables: ['websites'] };

type FirstRead = {
  integration: Pick<IntegrationRow, 'enabled' | 'secrets'> | null;
  sync: { synced_at: string | null; error: string | null } | null;
  generations: unknown;
  checks: number | string;
  checks_matching: number | string;
  checks_first: CheckFirst[];
};

type MonitorSide = { total: number; matching: number; first: SortKey[] };

/**
 * One page of our checks and Better Uptime's monitors together: filtered, sorted and counted in the
 * database (a fleet of thousands costs what the page shows). Our checks change with every run, so
 * their side is read each time, in the one statement that also reads Better Uptime's state and the
 * generations of its cache; its side is kept per generation and costs nothing more until it changes.
 */
export async function listUptime(services: Services, q: Query): Promise<UptimeList> {
  const { db } = services;
  const withChecks = q.source !== 'monitor';
  const [first] = await rows<FirstRead>(
    db,
    sql`select
      (select json_build_object('enabled', i.enabled, 'secrets', i.secrets)
        from integrations i where i.provider = ${BETTERUPTIME}) as integration,
      (select json_build_object('synced_at', s.synced_at, 'error', s.error) from provider_syncs s
        where ${inCache('s', monitorsKey)}) as sync,
      ${generationsColumn(monitorReads)} as generations,
      (select count(*) from ${checkRows(services)}) as checks,
      ${withChecks ? sql`(select count(*) from ${matching(q, checkRows(services))})` : sql`0`} as checks_matching,
      ${withChecks ? firstRows(q, checkRows(services), true) : sql`'[]'::json`} as checks_first`,
  );
  const configured = integrationOn(
    services,
    BETTERUPTIME,
    json<FirstRead['integration']>(first?.integration),
  );
  const sync = json<FirstRead['sync']>(first?.sync ?? null);
  const kept = keptAtGenerations(db, monitorReads, first?.generations);
  const withMonitorRows = q.source !== 'check' && configured;
  const monitors: MonitorSide = configured
    ? await kept(
        `uptime ${JSON.stringify({ ...q, page: undefined, source: undefined, reach: withMonitorRows ? q.page * q.pageSize : 0 })} ${scopeKey(services)}`,
        () => monitorSide(services, q, withMonitorRows),
      )
    : { total: 0, matching: 0, first: [] };
  const checks = json<CheckFirst[]>(first?.checks_first ?? []);
  const start = (q.page - 1) * q.pageSize;
  // Rows of one source alone are in order already; both together are merged in the database, whose
  // collation ordered each of them.
  const page =
    checks.length && monitors.first.length
      ? await rows<Pick<SortKey, 'source' | 'id'>>(db, mergedPage(q, [...checks, ...monitors.first]))
      : [...checks, ...monitors.first].slice(start, start + q.pageSize);
  return {
    data: await pageRows(services, page, new Map(checks.map((c) => [c.id, c])), kept),
    total: Number(first?.checks_matching ?? 0) + monitors.matching,
    page: q.page,
    pageSize: q.pageSize,
    counts: { check: Number(first?.checks ?? 0), monitor: monitors.total },
    betteruptime: {
      configured,
      syncedAt: configured && sync?.synced_at ? new Date(sync.synced_at).toISOString() : null,
      error: configured ? (sync?.error ?? null) : null,
    },
  };
}

/** Better Uptime's side: how many monitors, how many match, and the first rows that match. */
async function monitorSide(services: Services, q: Query, withRows: boolean): Promise<MonitorSide> {
  const [row] = await rows<{ total: number | string; matching: number | string; first: unknown }>(
    services.db,
    sql`select
      (select count(*) from provider_records r
        where ${inCache('r', monitorsKey)} and ${domainInScope(services, sql`r.domain`)}) as total,
      ${withRows ? sql`(select count(*) from ${matching(q, monitorRows(q, services))})` : sql`0`} as matching,
      ${withRows ? firstRows(q, monitorRows(q, services)) : sql`'[]'::json`} as first`,
  );
  return {
    total: Number(row?.total ?? 0),
    matching: Number(row?.matching ?? 0),
    first: json<SortKey[]>(row?.first ?? []),
  };
}
