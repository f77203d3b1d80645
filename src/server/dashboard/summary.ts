import type { Dashboard, SiteCard } from '../../shared/dashboard';
import { normaliseDomain } from '../../shared/domains';
import type { Db } from '../db/client';
import { gridpaneSites } from '../integrations/gridpane-sync';
import type { Kept, Reads } from '../lists/kept';
import { figuresKey, type MonitorFigures } from '../monitors/figures';
import { monitorsKey } from '../monitors/sync';
import { readCache, readCacheMap } from '../provider-cache/service';
import type { Monitor } from '../providers/betteruptime/types';
import type { GridPaneSite } from '../providers/gridpane/types';

export type Measured = { m: Monitor; f: MonitorFigures | undefined };

/** The dashboard's figures from whole caches: everything but what changes between syncs. */
export type Summary = Omit<Dashboard, 'integrations' | 'websiteStatus' | 'history'> & {
  /** The four sites most in need of attention (their website ids are looked up per request). */
  cards: Omit<SiteCard, 'websiteId'>[];
  /** The two monitors with the lowest uptime, for the history widgets. */
  lowest: Measured[];
  /** Sums and counts behind the averages, so our own checks can join them. */
  sums: { uptime: [number, number]; response: [number, number] };
};

const sum = (xs: number[]): [number, number] => [xs.reduce((a, b) => a + b, 0), xs.length];
const mean = (xs: number[]) =>
  xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100 : null;

function cardStatus(status: Monitor['attributes']['status']): SiteCard['status'] {
  if (status === 'up') return 'online';
  if (status === 'down') return 'offline';
  if (status === 'paused' || status === 'maintenance') return 'maintenance';
  return 'warning';
}
const severity: Record<string, number> = { offline: 0, warning: 1, maintenance: 2, online: 3 };

type On = { gridpane: boolean; betteruptime: boolean };

async function summarise(db: Db, on: On): Promise<Summary> {
  const [sites, monitors, figures] = await Promise.all([
    readCache<GridPaneSite>(db, gridpaneSites),
    readCache<Monitor>(db, monitorsKey),
    readCacheMap<MonitorFigures>(db, figuresKey),
  ]);
  const hasSites = on.gridpane && sites.syncedAt !== null;
  const hasMonitors = on.betteruptime && monitors.syncedAt !== null;
  const measured = hasMonitors ? monitors.items.map((m) => ({ m, f: figures.get(m.id) })) : [];
  const byDomain = new Map(measured.map((x) => [normaliseDomain(x.m.attributes.url), x]));

  const cards = hasSites
    ? sites.items
        .map((s) => {
          const x = byDomain.get(normaliseDomain(s.url));
          return {
            siteName: s.url.replace(/^www\./, ''),
            domain: normaliseDomain(s.url),
            url: s.url,
            status: x ? cardStatus(x.m.attributes.status) : null,
            uptime: x?.f?.uptime != null ? `${x.f.uptime.toFixed(2)}%` : null,
            lastCheck: x?.m.attributes.last_checked_at ?? null,
            provider: 'gridpane' as const,
            responseTime: x?.f?.avgResponseMs ?? null,
            siteId: s.id,
          };
        })
        // Problem sites first; then monitored before unmonitored; then the lowest uptime.
        .sort(
          (a, b) =>
            (severity[a.status ?? ''] ?? 4) - (severity[b.status ?? ''] ?? 4) ||
            Number.parseFloat(a.uptime ?? '101') - Number.parseFloat(b.uptime ?? '101') ||
            a.domain.localeCompare(b.domain),
        )
        .slice(0, 4)
    : [];

  return {
    totalSites: hasSites ? sites.items.length : null,
    totalMonitors: hasMonitors ? monitors.items.length : null,
    online: hasMonitors ? monitors.items.filter((m) => m.attributes.status === 'up').length : null,
    down: hasMonitors ? monitors.items.filter((m) => m.attributes.status === 'down').length : null,
    avgResponseMs: mean(measured.flatMap((x) => (x.f?.avgResponseMs != null ? [x.f.avgResponseMs] : []))),
    uptime30d: mean(measured.flatMap((x) => (x.f?.uptime != null ? [x.f.uptime] : []))),
    cards,
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

export function dashboardSummary(db: Db, on: On, kept: Kept): Promise<Summary> {
  return kept(`dashboard summary gridpane:${on.gridpane} betteruptime:${on.betteruptime}`, () =>
    summarise(db, on),
  );
}
