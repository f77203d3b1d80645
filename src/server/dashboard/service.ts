import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Dashboard, UptimeWidget } from '../../shared/dashboard';
import type { HealthState } from '../../shared/websites';
import { generationsColumn, keptAtGenerations, type Reads } from '../core/cache/kept';
import { clientInScope, isScoped, scopeKey, websiteInScope } from '../core/scope';
import { json, rows } from '../core/sql';
import { type IntegrationRow, monitorDays } from '../db/schema';
import { integrationOn } from '../integrations';
import { BETTERUPTIME } from '../providers/betteruptime/keys';
import { GRIDPANE } from '../providers/gridpane/keys';
import type { Services } from '../services';
import { healthCounts } from '../websites';
import { attentionCards } from './cards';
import { type ChecksCounts, type ChecksFigures, checksCountsQuery, checksFigures } from './checks';
import { dashboardSummary, type Measured, type Summary, type SummaryScope, summaryReads } from './summary';

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
 * which is kept until a sync or a change of ours moves them (the answer cache).
 */
export async function getDashboard(services: Services): Promise<Dashboard> {
  const { db } = services;
  const now = services.clock.now();
  const [first] = await rows<Record<keyof FirstRead, unknown>>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object('provider', i.provider, 'enabled', i.enabled,
          'secrets', i.secrets)), '[]')
        from integrations i where i.provider in (${GRIDPANE}, ${BETTERUPTIME})) as integrations,
      ${generationsColumn(reads)} as generations,
      (select row_to_json(c) from (${checksCountsQuery(now, websiteInScope(services, sql`website_id`))}) c) as checks`,
  );
  const integrations = json<FirstRead['integrations']>(first?.integrations ?? []);
  const on = (p: typeof GRIDPANE | typeof BETTERUPTIME) =>
    integrationOn(
      services,
      p,
      integrations.find((i) => i.provider === p),
    );
  const kept = keptAtGenerations(db, reads, first?.generations);
  const flags = { gridpane: on(GRIDPANE), betteruptime: on(BETTERUPTIME) };
  const scope = await summaryScope(services);
  const [{ lowestUptimeDomains, lowest, sums, ...figures }, byHealth] = await Promise.all([
    dashboardSummary({ db }, flags, kept, scope?.summary ?? null),
    healthCounts(services),
  ]);
  const every = await checksFigures({ db }, now, json<FirstRead['checks']>(first?.checks ?? null));
  // A limited person's averages are over their clients' checks only.
  const own = scope
    ? { ...every, measured: every.measured.filter((m) => scope.checkIds.has(m.checkId)) }
    : every;
  const cards = await attentionCards(services, lowestUptimeDomains, own, !flags.gridpane);
  const today = now.toISOString().slice(0, 10);
  return {
    integrations: flags,
    ...figures,
    ...withOwnChecks(figures, sums, own),
    ...onlineAndDown(byHealth),
    websiteStatus: cards,
    history: lowest.length
      ? await kept(`dashboard history ${today} ${lowest.map((x) => x.m.id).join(' ')}`, () =>
          historyWidgets(services, lowest),
        )
      : [],
  };
}

/** What a person limited to chosen clients counts on the dashboard; null for everyone else. */
async function summaryScope(
  services: Services,
): Promise<{ summary: NonNullable<SummaryScope>; checkIds: Set<number> } | null> {
  if (!isScoped(services)) return null;
  const [found] = await rows<{ sites: string[] | null; domains: string[] | null; checks: number[] | null }>(
    services.db,
    sql`select
      (select array_agg(w.provider_site_id) from websites w
        where w.integration_provider = ${GRIDPANE} and w.provider_site_id is not null
          and ${clientInScope(services, sql`w.client_id`)}) as sites,
      (select array_agg(w.domain) from websites w where ${clientInScope(services, sql`w.client_id`)}) as domains,
      (select array_agg(c.id) from checks c where ${websiteInScope(services, sql`c.website_id`)}) as checks`,
  );
  return {
    summary: {
      key: scopeKey(services),
      siteIds: new Set((found?.sites ?? []).map(String)),
      domains: new Set(found?.domains ?? []),
    },
    checkIds: new Set((found?.checks ?? []).map(Number)),
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
        eq(monitorDays.provider, BETTERUPTIME),
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

/**
 * Online and Down count websites by their health, as the Websites list filters and counts them (so the
 * dashboard and the list agree); null while nothing watches any website.
 */
function onlineAndDown(byHealth: Record<HealthState, number>): Pick<Dashboard, 'online' | 'down'> {
  const watched = Object.values(byHealth).reduce((a, b) => a + b, 0) - byHealth.unmonitored;
  return watched > 0 ? { online: byHealth.up, down: byHealth.down } : { online: null, down: null };
}

/** Better Uptime's monitors and our own checks counted together (null while neither watches anything). */
function withOwnChecks(f: Pick<Summary, 'totalMonitors'>, sums: Summary['sums'], own: ChecksFigures) {
  if (own.total === 0) return {};
  const responses = own.measured.flatMap((m) => (m.avgResponseMs === null ? [] : [m.avgResponseMs]));
  return {
    totalMonitors: (f.totalMonitors ?? 0) + own.total,
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
