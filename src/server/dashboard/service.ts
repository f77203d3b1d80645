import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Dashboard, UptimeWidget } from '../../shared/dashboard';
import { type IntegrationRow, monitorDays } from '../db/schema';
import { integrationOn } from '../integrations/service';
import { generationsColumn, keptAtGenerations, type Reads } from '../lists/kept';
import { json, rows } from '../lists/sql';
import type { Services } from '../services';
import { websiteIdsBySiteId } from '../websites/service';
import {
  type ChecksCounts,
  type ChecksFigures,
  cardsWithChecks,
  checksCountsQuery,
  checksFigures,
} from './checks';
import { dashboardSummary, type Measured, type Summary, summaryReads } from './summary';

const DAY_MS = 86_400_000;

/** Everything the dashboard keeps reads: the summary's caches, our websites and the history's days. */
const reads: Reads = { caches: summaryReads.caches, tables: ['websites', 'monitor_days'] };

type FirstRead = {
  integrations: Pick<IntegrationRow, 'provider' | 'enabled' | 'secrets'>[];
  generations: unknown;
  checks: ChecksCounts | null;
};

/**
 * Every figure of the dashboard from the caches (never from a provider): counts, averages, the four
 * sites most in need of attention, and 30-day history of the two monitors with the lowest uptime.
 * One statement reads the integrations, our checks' counts and the generations of everything else,
 * which is kept until a sync or a change of ours moves them (lists/kept).
 */
export async function getDashboard(services: Services): Promise<Dashboard> {
  const { db } = services;
  const now = services.clock.now();
  const [first] = await rows<Record<keyof FirstRead, unknown>>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object('provider', i.provider, 'enabled', i.enabled,
          'secrets', i.secrets)), '[]')
        from integrations i where i.provider in ('gridpane', 'betteruptime')) as integrations,
      ${generationsColumn(reads)} as generations,
      (select row_to_json(c) from (${checksCountsQuery(now)}) c) as checks`,
  );
  const integrations = json<FirstRead['integrations']>(first?.integrations ?? []);
  const on = (p: 'gridpane' | 'betteruptime') =>
    integrationOn(
      services,
      p,
      integrations.find((i) => i.provider === p),
    );
  const kept = keptAtGenerations(db, reads, first?.generations);
  const flags = { gridpane: on('gridpane'), betteruptime: on('betteruptime') };
  const { cards: theirCards, lowest, sums, ...figures } = await dashboardSummary(db, flags, kept);
  const own = await checksFigures(db, now, json<FirstRead['checks']>(first?.checks ?? null));
  const cards = await cardsWithChecks(db, theirCards, own);
  const siteIds = cards.map((c) => String(c.siteId));
  // The cards' links to our websites.
  const websiteIds = cards.length
    ? await kept(`dashboard websites ${siteIds.join(' ')}`, () => websiteIdsBySiteId(db, 'gridpane', siteIds))
    : new Map<string, number>();
  const today = now.toISOString().slice(0, 10);
  return {
    integrations: flags,
    ...figures,
    ...withOwnChecks(figures, sums, own),
    websiteStatus: cards.map((c) => ({ ...c, websiteId: websiteIds.get(String(c.siteId)) ?? null })),
    history: lowest.length
      ? await kept(`dashboard history ${today} ${lowest.map((x) => x.m.id).join(' ')}`, () =>
          historyWidgets(services, lowest),
        )
      : [],
  };
}

async function historyWidgets(services: Services, lowest: Measured[]): Promise<UptimeWidget[]> {
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
