import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Dashboard, UptimeWidget } from '../../shared/dashboard';
import { monitorDays } from '../db/schema';
import { listIntegrations } from '../integrations/service';
import { keptAnswer } from '../lists/kept';
import type { Services } from '../services';
import { websiteIdsBySiteId } from '../websites/service';
import { type ChecksFigures, cardsWithChecks, checksFigures } from './checks';
import { dashboardSummary, type Measured, type Summary } from './summary';

const DAY_MS = 86_400_000;

/**
 * Every figure of the dashboard from the caches (never from a provider): counts, averages, the four
 * sites most in need of attention, and 30-day history of the two monitors with the lowest uptime.
 */
export async function getDashboard(services: Services): Promise<Dashboard> {
  const integrations = await listIntegrations(services);
  const on = (p: string) => integrations.some((i) => i.provider === p && i.enabled && i.configured);
  const flags = { gridpane: on('gridpane'), betteruptime: on('betteruptime') };
  const { cards: theirCards, lowest, sums, ...figures } = await dashboardSummary(services.db, flags);
  const own = await checksFigures(services.db, services.clock.now());
  const cards = await cardsWithChecks(services.db, theirCards, own);
  const siteIds = cards.map((c) => String(c.siteId));
  // The cards' links to our websites, kept while the websites are unchanged (lists/kept).
  const websiteIds = cards.length
    ? await keptAnswer(services.db, { tables: ['websites'] }, `dashboard websites ${siteIds.join(' ')}`, () =>
        websiteIdsBySiteId(services.db, 'gridpane', siteIds),
      )
    : new Map<string, number>();
  return {
    integrations: flags,
    ...figures,
    ...withOwnChecks(figures, sums, own),
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

const mean = ([total, n]: [number, number]) => (n ? Math.round((total / n) * 100) / 100 : null);

/** Better Uptime's monitors and our own checks counted together (null while neither watches anything). */
function withOwnChecks(
  f: Pick<Summary, 'totalMonitors' | 'online' | 'down'>,
  sums: Summary['sums'],
  own: ChecksFigures,
) {
  if (own.total === 0) return {};
  const responses = own.measured.flatMap((m) => (m.avgResponseMs === null ? [] : [m.avgResponseMs]));
  return {
    totalMonitors: (f.totalMonitors ?? 0) + own.total,
    online: (f.online ?? 0) + own.up,
    down: (f.down ?? 0) + own.down,
    uptime30d: mean([
      sums.uptime[0] + own.measured.reduce((a, m) => a + m.uptime, 0),
      sums.uptime[1] + own.measured.length,
    ]),
    avgResponseMs: mean([
      sums.response[0] + responses.reduce((a, b) => a + b, 0),
      sums.response[1] + responses.length,
    ]),
  };
}
