import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Dashboard, UptimeWidget } from '../../shared/dashboard';
import { monitorDays } from '../db/schema';
import { listIntegrations } from '../integrations/service';
import type { Services } from '../services';
import { websiteIdsBySiteId } from '../websites/service';
import { dashboardSummary, type Measured } from './summary';

const DAY_MS = 86_400_000;

/**
 * Every figure of the dashboard from the caches (never from a provider): counts, averages, the four
 * sites most in need of attention, and 30-day history of the two monitors with the lowest uptime.
 */
export async function getDashboard(services: Services): Promise<Dashboard> {
  const integrations = await listIntegrations(services);
  const on = (p: string) => integrations.some((i) => i.provider === p && i.enabled && i.configured);
  const flags = { gridpane: on('gridpane'), betteruptime: on('betteruptime') };
  const { cards, lowest, ...figures } = await dashboardSummary(services.db, flags);
  const websiteIds = cards.length
    ? await websiteIdsBySiteId(
        services.db,
        'gridpane',
        cards.map((c) => String(c.siteId)),
      )
    : new Map<string, number>();
  return {
    integrations: flags,
    ...figures,
    websiteStatus: cards.map((c) => ({ ...c, websiteId: websiteIds.get(String(c.siteId)) ?? null })),
    history: await historyWidgets(services, lowest),
  };
}

async function historyWidgets(services: Services, lowest: Measured[]): Promise<UptimeWidget[]> {
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
