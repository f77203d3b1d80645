import { sql } from 'drizzle-orm';
import { cardStatusOf, SITE_CARD_PROVIDERS, type SiteCard } from '../../shared/dashboard';
import type { WebsiteView } from '../../shared/websites';
import { availability, measuredFrom, uptimePercent } from '../checks';
import { keptRows } from '../core/cache/kept';
import { clientInScope } from '../core/scope';
import { readCacheItems } from '../provider-cache';
import { figuresKey, type MonitorFigures } from '../providers/betteruptime/keys';
import type { Services } from '../services';
import { readViewsOf } from '../websites';
import type { ChecksFigures } from './checks';

const CARDS = 4;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The card order: problems first (down, then unknown, then maintenance or paused), then up. */
const cardOrder = sql`case h.state when 'down' then 0 when 'unknown' then 1 when 'maintenance' then 2
  when 'paused' then 2 when 'up' then 3 else 4 end`;

/**
 * The four websites most in need of attention, by their health (the rule every page shows): problems
 * first, then those with the lowest 30-day uptime, then the rest. A card's status is the health's
 * (Online, Offline, Warning, Maintenance), its figures come from what the health follows.
 */
export async function attentionCards(
  services: Services,
  lowestUptimeDomains: string[],
  own: ChecksFigures,
  /** With the host's integration off, only the websites our own checks watch are shown. */
  onlyOurChecks: boolean,
): Promise<SiteCard[]> {
  // Only our checks' websites with the host off; only a limited person's clients' websites.
  const ours = sql`${onlyOurChecks ? sql`and h.source = 'check'` : sql``}
    and ${clientInScope(services, sql`w.client_id`)}`;
  const domains = sql`array[${sql.join(
    [...lowestUptimeDomains, ''].map((d) => sql`${d}`),
    sql`, `,
  )}]::text[]`;
  // The choice reads only websites and their kept health: kept while neither changed (the answer
  // cache), as the dashboard asks on every view and sorts the whole fleet to choose.
  const chosen = await keptRows<{ id: number }>(
    services.db,
    { tables: ['websites', 'website_health'] },
    sql`(select w.id, ${cardOrder} as o, 0 as u, w.domain from websites w
        join website_health h on h.website_id = w.id
        where not w.removed and h.state in ('down', 'unknown', 'maintenance', 'paused') ${ours}
        order by o, w.domain limit ${CARDS})
      union all
      (select w.id, 3, array_position(${domains}, w.domain), w.domain
        from websites w join website_health h on h.website_id = w.id
        where not w.removed and h.state = 'up' ${ours} and w.domain in (${sql.join(
          [...lowestUptimeDomains, ''].map((d) => sql`${d}`),
          sql`, `,
        )}) limit ${CARDS})
      union all
      (select w.id, 4, 0, w.domain from websites w join website_health h on h.website_id = w.id
        where not w.removed ${ours} order by ${cardOrder}, w.domain limit ${CARDS * 2})
      order by o, u, domain`,
  );
  const ids = [...new Set(chosen.map((r) => Number(r.id)))].slice(0, CARDS);
  if (ids.length === 0) return [];
  const views = await readViewsOf(services, ids, services.clock.now());
  const figures = await readCacheItems<MonitorFigures>(
    services,
    figuresKey,
    views.flatMap((v) => (v.betterUptimeMonitor && !v.check ? [v.betterUptimeMonitor.id] : [])),
  );
  const measured = new Map(own.measured.map((m) => [m.checkId, m]));
  const now = await measuredNow(
    services,
    views.flatMap((v) => (v.check ? [v.check.id] : [])),
  );
  const byId = new Map(views.map((v) => [v.id, v]));
  return ids.flatMap((id) => {
    const v = byId.get(id);
    return v ? [toCard(v, figures, measured, now)] : [];
  });
}

type CheckFigures = ChecksFigures['measured'][number] & { since: string | null };

/**
 * The cards' checks' 30 days as the website page states them (results.ts: hourly roll-ups and the raw
 * results since, so a check younger than a day has its figure), each with where its measured time
 * begins when that is inside the 30 days ("since …").
 */
async function measuredNow(services: Services, checkIds: number[]): Promise<Map<number, CheckFigures>> {
  if (checkIds.length === 0) return new Map();
  const now = services.clock.now();
  const start = new Date(now.getTime() - 30 * DAY_MS);
  const found = await availability(services, checkIds, start, now);
  return new Map(
    [...found].flatMap(([checkId, a]) => {
      const uptime = uptimePercent(a);
      if (uptime === null) return [];
      const from = measuredFrom(a, start, HOUR_MS);
      const since = from !== null && Date.parse(from) > start.getTime() ? from : null;
      const avgResponseMs = a.responses ? a.responseMsSum / a.responses : null;
      return [[checkId, { checkId, uptime, avgResponseMs, since }] as const];
    }),
  );
}

function toCard(
  v: WebsiteView,
  figures: Map<string, MonitorFigures>,
  measured: Map<number, ChecksFigures['measured'][number]>,
  now: Map<number, CheckFigures>,
): SiteCard {
  // The daily roll-ups' figure stands in only where the results read nothing.
  const fromCheck = v.check ? (now.get(v.check.id) ?? measured.get(v.check.id)) : undefined;
  const fromMonitor = !v.check && v.betterUptimeMonitor ? figures.get(v.betterUptimeMonitor.id) : undefined;
  const uptime = fromCheck?.uptime ?? fromMonitor?.uptime ?? null;
  const response = fromCheck ? fromCheck.avgResponseMs : (fromMonitor?.avgResponseMs ?? null);
  return {
    siteName: v.domain,
    domain: v.domain,
    url: v.domain,
    status: cardStatusOf(v.health.state),
    health: v.health,
    uptime: uptime === null ? null : `${uptime.toFixed(2)}%`,
    uptimeSince: (v.check && now.get(v.check.id)?.since) || null,
    lastCheck: v.lastCheckedAt,
    provider: (SITE_CARD_PROVIDERS as readonly string[]).includes(v.integrationProvider)
      ? (v.integrationProvider as SiteCard['provider'])
      : SITE_CARD_PROVIDERS[0],
    responseTime: response === null ? null : Math.round(response),
    siteId: Number(v.providerSiteId ?? 0) || 0,
    websiteId: v.id,
  };
}
