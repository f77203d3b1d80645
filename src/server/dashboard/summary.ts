import type { Dashboard } from '../../shared/dashboard';
import { normaliseDomain } from '../../shared/domains';
import type { Kept, Reads } from '../core/cache/kept';
import type { Context } from '../core/context';
import { readCache, readCacheMap } from '../provider-cache';
import { figuresKey, type MonitorFigures, monitorsKey } from '../providers/betteruptime/keys';
import type { Monitor } from '../providers/betteruptime/types';
import { gridpaneSites } from '../providers/gridpane/keys';
import type { GridPaneSite } from '../providers/gridpane/types';

export type Measured = { m: Monitor; f: MonitorFigures | undefined };

/**
 * The dashboard's figures from whole caches: everything but what changes between syncs, and but the
 * Online and Down counts, which count websites by their health.
 */
export type Summary = Omit<Dashboard, 'integrations' | 'websiteStatus' | 'history' | 'online' | 'down'> & {
  /** The domains of the monitors with the lowest 30-day uptime (for the cards after the problems). */
  lowestUptimeDomains: string[];
  /** The two monitors with the lowest uptime, for the history widgets. */
  lowest: Measured[];
  /** Sums and counts behind the averages, so our own checks can join them. */
  sums: { uptime: [number, number]; response: [number, number] };
};

const sum = (xs: number[]): [number, number] => [xs.reduce((a, b) => a + b, 0), xs.length];
const mean = (xs: number[]) =>
  xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100 : null;

type On = { gridpane: boolean; betteruptime: boolean };

/**
 * What a person limited to chosen clients counts: the GridPane sites and the monitored domains of
 * their clients' websites (null: everything).
 */
export type SummaryScope = { key: string; siteIds: Set<string>; domains: Set<string> } | null;

async function summarise(ctx: Pick<Context, 'db'>, on: On, scope: SummaryScope): Promise<Summary> {
  const [allSites, allMonitors, figures] = await Promise.all([
    readCache<GridPaneSite>(ctx, gridpaneSites),
    readCache<Monitor>(ctx, monitorsKey),
    readCacheMap<MonitorFigures>(ctx, figuresKey),
  ]);
  const sites = scope ? allSites.items.filter((s) => scope.siteIds.has(String(s.id))) : allSites.items;
  const monitors = scope
    ? allMonitors.items.filter((m) => scope.domains.has(normaliseDomain(m.attributes.url)))
    : allMonitors.items;
  const hasSites = on.gridpane && allSites.syncedAt !== null;
  const hasMonitors = on.betteruptime && allMonitors.syncedAt !== null;
  const measured = hasMonitors ? monitors.map((m) => ({ m, f: figures.get(m.id) })) : [];

  return {
    totalSites: hasSites ? sites.length : null,
    totalMonitors: hasMonitors ? monitors.length : null,
    avgResponseMs: mean(measured.flatMap((x) => (x.f?.avgResponseMs != null ? [x.f.avgResponseMs] : []))),
    uptime30d: mean(measured.flatMap((x) => (x.f?.uptime != null ? [x.f.uptime] : []))),
    lowestUptimeDomains: measured
      .filter((x) => x.f?.uptime != null)
      .sort((a, b) => a.f!.uptime! - b.f!.uptime!)
      .slice(0, 8)
      .map((x) => normaliseDomain(x.m.attributes.url)),
    sums: {
      uptime: sum(measured.flatMap((x) => (x.f?.uptime != null ? [x.f.uptime] : []))),
      response: sum(measured.flatMap((x) => (x.f?.avgResponseMs != null ? [x.f.avgResponseMs] : []))),
    },
    lowest: measured
      .filter((x) => x.f?.uptime != null)
      .sort((a, b) => a.f!.uptime! - b.f!.uptime!)
      .slice(0, 2),
  };
}

/**
 * Reading and ranking every cached site and monitor is the dashboard's whole cost (thousands of rows),
 * yet the caches only change when a sync writes them. So the summary is kept while the caches'
 * generations (read with the dashboard's other state) and the integrations' state are unchanged.
 */
export const summaryReads: Reads = { caches: [gridpaneSites, monitorsKey, figuresKey] };

export function dashboardSummary(
  ctx: Pick<Context, 'db'>,
  on: On,
  kept: Kept,
  scope: SummaryScope = null,
): Promise<Summary> {
  return kept(
    `dashboard summary gridpane:${on.gridpane} betteruptime:${on.betteruptime} ${scope?.key ?? 'scope:all'}`,
    () => summarise(ctx, on, scope),
  );
}
