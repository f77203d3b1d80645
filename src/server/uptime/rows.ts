import { sql } from 'drizzle-orm';
import type { MonitorStatus } from '../../shared/monitors';
import type { UptimeRow } from '../../shared/uptime';
import { availability, measuredFrom, monitorMeasuredFrom, uptimePercent } from '../checks';
import type { Kept } from '../core/cache/kept';
import { inCache, json, rows } from '../core/sql';
import { checksInMaintenance } from '../maintenance';
import {
  monitorCreatedSql,
  monitorFrequencySql,
  monitorLastCheckedSql,
  monitorNameSql,
  monitorTypeSql,
  monitorUrlSql,
} from '../providers/betteruptime/columns';
import { figuresKey, type MonitorFigures, monitorsKey } from '../providers/betteruptime/keys';
import type { Services } from '../services';
import type { CheckFirst, SortKey } from './sources';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
type MonitorDetails = {
  id: string;
  name: string;
  url: string;
  type: string | null;
  frequency: number | null;
  last_checked_at: string | null;
  created_at: string | null;
  figures: MonitorFigures | null;
  website_id: number | null;
};

/**
 * The page's rows in order: our checks with their measured 30 days and maintenance now (they change
 * with every run), Better Uptime's monitors with their cached figures and our website they watch
 * (kept while the caches and websites are unchanged, so paging through them costs no statement).
 */
export async function pageRows(
  services: Services,
  page: Pick<SortKey, 'source' | 'id'>[],
  checks: Map<string, CheckFirst>,
  kept: Kept,
): Promise<UptimeRow[]> {
  const now = services.clock.now();
  const checkIds = page.filter((k) => k.source === 'check').map((k) => Number(k.id));
  const monitorIds = page.filter((k) => k.source === 'monitor').map((k) => k.id);
  const start = new Date(now.getTime() - 30 * DAY_MS);
  const [measured, maintenance, monitors] = await Promise.all([
    availability(services, checkIds, start, now),
    checksInMaintenance(services, checkIds, now),
    monitorIds.length
      ? kept(`uptime monitors ${monitorIds.join(' ')}`, () => monitorDetails(services, monitorIds))
      : new Map<string, MonitorDetails & { status: string }>(),
  ]);
  return page.flatMap((k): UptimeRow[] => {
    if (k.source === 'check') {
      const c = checks.get(k.id);
      if (!c) return [];
      return [
        {
          source: 'check',
          id: k.id,
          name: c.name,
          url: c.url,
          status: c.status as MonitorStatus,
          inMaintenance: maintenance.has(Number(k.id)),
          type: 'HTTP',
          uptime: uptimePercent(measured.get(Number(k.id))),
          measuredFrom: measuredFrom(measured.get(Number(k.id)), start, HOUR_MS),
          responseMs: c.response_ms === null ? null : Number(c.response_ms),
          frequencySeconds: c.frequency === null ? null : Number(c.frequency),
          lastCheckedAt: c.last_checked_at ? new Date(c.last_checked_at).toISOString() : null,
          websiteId: c.website_id === null ? null : Number(c.website_id),
        },
      ];
    }
    const m = monitors.get(k.id);
    if (!m) return [];
    return [
      {
        source: 'monitor',
        id: k.id,
        name: m.name,
        url: m.url,
        status: (m.status as MonitorStatus) ?? 'unknown',
        inMaintenance: false,
        type: m.type ?? 'status',
        uptime: m.figures?.uptime ?? null,
        measuredFrom: m.figures?.uptime == null ? null : monitorMeasuredFrom(start, m.created_at),
        responseMs: m.figures?.avgResponseMs ?? null,
        frequencySeconds: m.frequency === null ? null : Number(m.frequency),
        lastCheckedAt: m.last_checked_at ? new Date(m.last_checked_at).toISOString() : null,
        websiteId: m.website_id === null ? null : Number(m.website_id),
      },
    ];
  });
}

/** Monitors as their rows show them: cached figures and our website of the same domain joined in. */
async function monitorDetails(services: Services, ids: string[]) {
  const r = sql.raw('r');
  const found = await rows<MonitorDetails & { status: string }>(
    services.db,
    sql`select r.external_id as id, r.status, ${monitorNameSql(r)} as name, ${monitorUrlSql(r)} as url,
        ${monitorTypeSql(r)} as type, (${monitorFrequencySql(r)})::int as frequency,
        (${monitorLastCheckedSql(r)})::timestamptz as last_checked_at, ${monitorCreatedSql(r)} as created_at,
        f.data as figures, w.id as website_id
      from provider_records r
      left join provider_records f on f.provider = ${figuresKey.provider} and f.kind = ${figuresKey.kind}
        and f.external_id = r.external_id
      left join websites w on w.domain = r.domain
      where ${inCache('r', monitorsKey)}
        and r.external_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(found.map((r) => [r.id, { ...r, figures: json<MonitorFigures | null>(r.figures) }]));
}
