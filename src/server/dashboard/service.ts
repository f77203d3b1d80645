import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Dashboard, SiteCard, UptimeWidget } from '../../shared/dashboard';
import { normaliseDomain } from '../../shared/domains';
import { monitorDays } from '../db/schema';
import { gridpaneSites } from '../integrations/gridpane-sync';
import { listIntegrations } from '../integrations/service';
import { figuresKey, type MonitorFigures } from '../monitors/figures';
import { monitorsKey } from '../monitors/sync';
import { readCache, readCacheMap } from '../provider-cache/service';
import type { Monitor } from '../providers/betteruptime/types';
import type { GridPaneSite } from '../providers/gridpane/types';
import type { Services } from '../services';
import { websiteIdsBySiteId } from '../websites/service';

const DAY_MS = 86_400_000;
const mean = (xs: number[]) =>
  xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100 : null;

function cardStatus(status: Monitor['attributes']['status']): SiteCard['status'] {
  if (status === 'up') return 'online';
  if (status === 'down') return 'offline';
  if (status === 'paused' || status === 'maintenance') return 'maintenance';
  return 'warning';
}
const severity: Record<string, number> = { offline: 0, warning: 1, maintenance: 2, online: 3 };

/**
 * Every figure of the dashboard from the caches (never from a provider): counts, averages, the four
 * sites most in need of attention, and 30-day history of the two monitors with the lowest uptime.
 */
export async function getDashboard(services: Services): Promise<Dashboard> {
  const { db } = services;
  const integrations = await listIntegrations(services);
  const on = (p: string) => integrations.some((i) => i.provider === p && i.enabled && i.configured);
  const [sites, monitors, figures, websiteIds] = await Promise.all([
    readCache<GridPaneSite>(db, gridpaneSites),
    readCache<Monitor>(db, monitorsKey),
    readCacheMap<MonitorFigures>(db, figuresKey),
    websiteIdsBySiteId(db, 'gridpane'),
  ]);
  const hasSites = on('gridpane') && sites.syncedAt !== null;
  const hasMonitors = on('betteruptime') && monitors.syncedAt !== null;
  const measured = hasMonitors ? monitors.items.map((m) => ({ m, f: figures.get(m.id) })) : [];
  const byDomain = new Map(measured.map((x) => [normaliseDomain(x.m.attributes.url), x]));

  const websiteStatus = hasSites
    ? sites.items
        .map((s): SiteCard => {
          const x = byDomain.get(normaliseDomain(s.url));
          return {
            siteName: s.url.replace(/^www\./, ''),
            domain: normaliseDomain(s.url),
            url: s.url,
            status: x ? cardStatus(x.m.attributes.status) : null,
            uptime: x?.f?.uptime != null ? `${x.f.uptime.toFixed(2)}%` : null,
            lastCheck: x?.m.attributes.last_checked_at ?? null,
            provider: 'gridpane',
            responseTime: x?.f?.avgResponseMs ?? null,
            siteId: s.id,
            websiteId: websiteIds.get(String(s.id)) ?? null,
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
    integrations: { gridpane: on('gridpane'), betteruptime: on('betteruptime') },
    totalSites: hasSites ? sites.items.length : null,
    totalMonitors: hasMonitors ? monitors.items.length : null,
    online: hasMonitors ? monitors.items.filter((m) => m.attributes.status === 'up').length : null,
    down: hasMonitors ? monitors.items.filter((m) => m.attributes.status === 'down').length : null,
    avgResponseMs: mean(measured.flatMap((x) => (x.f?.avgResponseMs != null ? [x.f.avgResponseMs] : []))),
    uptime30d: mean(measured.flatMap((x) => (x.f?.uptime != null ? [x.f.uptime] : []))),
    websiteStatus,
    history: await historyWidgets(services, measured),
  };
}

async function historyWidgets(
  services: Services,
  measured: { m: Monitor; f: MonitorFigures | undefined }[],
): Promise<UptimeWidget[]> {
  const lowest = measured
    .filter((x) => x.f?.uptime != null)
    .sort((a, b) => a.f!.uptime! - b.f!.uptime!)
    .slice(0, 2);
  if (lowest.length === 0) return [];
  const today = services.clock.now();
  const days = Array.from({ length: 30 }, (_, i) =>
    new Date(today.getTime() - (29 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const rows = await services.db
    .select()
    .from(monitorDays)
    .where(
      and(
        eq(monitorDays.provider, 'betteruptime'),
        inArray(
          monitorDays.monitorId,
          lowest.map((x) => x.m.id),
        ),
        gte(monitorDays.day, days[0]!),
      ),
    );
  return lowest.map(({ m, f }) => {
    const mine = new Map(rows.filter((r) => r.monitorId === m.id).map((r) => [r.day, r]));
    return {
      monitorId: m.id,
      siteName: m.attributes.pronounceable_name || m.attributes.url,
      url: m.attributes.url,
      currentStatus: m.attributes.status,
      overallUptime: f?.uptime ?? null,
      responseTime: f?.avgResponseMs ?? null,
      days: days.map((day) => {
        const r = mine.get(day);
        return {
          day,
          status: (r?.status as 'up' | 'down' | 'degraded' | undefined) ?? null,
          uptime: r?.uptime ?? null,
        };
      }),
    };
  });
}
