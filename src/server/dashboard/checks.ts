import { sql } from 'drizzle-orm';
import type { SiteCard } from '../../shared/dashboard';
import type { Db } from '../db/client';
import { rowsOf } from '../maintenance/coverage';

/** What our own checks add to the dashboard: counts now, and each check's 30 days. */
export type ChecksFigures = {
  total: number;
  up: number;
  down: number;
  /** Per check with figures: uptime in percent and mean response time over 30 days. */
  measured: { checkId: number; uptime: number; avgResponseMs: number | null }[];
};

const DAY_MS = 86_400_000;
type Measured = ChecksFigures['measured'];
const kept = new WeakMap<Db, { stamp: string; measured: Promise<Measured> }>();

/** Our checks' counts now (paused ones aside) and what says whether their 30-day figures changed. */
export const checksCountsQuery = (now: Date) => sql`select count(*) filter (where not paused)::int as total,
    count(*) filter (where not paused and status = 'up')::int as up,
    count(*) filter (where not paused and status = 'down')::int as down,
    concat_ws(' ', count(*), max(updated_at), (select max(starts_at) from check_rollups where period = 'hour'),
      ${new Date(now.getTime() - 30 * DAY_MS).toISOString().slice(0, 10)}::text) as stamp
  from checks`;
export type ChecksCounts = { total: number; up: number; down: number; stamp: string };

/**
 * Our checks' counts (read by checksCountsQuery, with the dashboard's other state in one statement),
 * and their 30-day figures from the daily roll-ups, which the hourly roll-up keeps current to the last
 * full hour. The figures are kept until a roll-up runs or a check is added, changed or removed: the
 * dashboard does not re-add 300,000 rows per view.
 */
export async function checksFigures(db: Db, now: Date, c: ChecksCounts | null): Promise<ChecksFigures> {
  const total = Number(c?.total ?? 0);
  if (total === 0) return { total: 0, up: 0, down: 0, measured: [] };
  const stamp = String(c!.stamp);
  let hit = kept.get(db);
  if (hit?.stamp !== stamp) {
    hit = { stamp, measured: read(db, now) };
    kept.set(db, hit);
    hit.measured.catch(() => kept.delete(db));
  }
  return { total, up: Number(c!.up), down: Number(c!.down), measured: await hit.measured };
}

async function read(db: Db, now: Date): Promise<Measured> {
  const from = new Date(now.getTime() - 30 * DAY_MS);
  const days =
    await db.execute(sql`select r.check_id, sum(r.samples)::int as samples, sum(r.failures)::int as failures,
        sum(r.response_ms_sum)::float8 as sum, sum(r.responses)::int as responses
      from check_rollups r join checks c on c.id = r.check_id and not c.paused
      where r.period = 'day' and r.starts_at >= ${from}
      group by r.check_id`);
  return rowsOf<{ check_id: number; samples: number; failures: number; sum: number; responses: number }>(days)
    .filter((r) => Number(r.samples) > 0)
    .map((r) => ({
      checkId: Number(r.check_id),
      uptime: ((Number(r.samples) - Number(r.failures)) / Number(r.samples)) * 100,
      avgResponseMs: Number(r.responses) ? Number(r.sum) / Number(r.responses) : null,
    }));
}

type Card = Omit<SiteCard, 'websiteId'>;
const severity: Record<string, number> = { offline: 0, warning: 1, maintenance: 2, online: 3 };
const cardStatus = (status: string, paused: boolean): SiteCard['status'] =>
  paused ? 'maintenance' : status === 'up' ? 'online' : status === 'down' ? 'offline' : 'warning';

/**
 * The four sites most in need of attention, with our checks counted: a site our check finds down is
 * offline even when Better Uptime does not watch it, and a site only our check watches shows its
 * figures. Reads the checks of at most a handful of sites.
 */
export async function cardsWithChecks(db: Db, cards: Card[], own: ChecksFigures): Promise<Card[]> {
  if (own.total === 0) return cards;
  const measured = new Map(own.measured.map((m) => [m.checkId, m]));
  const rows = rowsOf<{
    id: number;
    status: string;
    paused: boolean;
    last_response_ms: number | null;
    last_checked_at: string | null;
    domain: string;
    site_id: string | null;
  }>(
    await db.execute(sql`select distinct on (c.website_id) c.id, c.status, c.paused, c.last_response_ms,
        c.last_checked_at, w.domain, w.provider_site_id as site_id
      from checks c join websites w on w.id = c.website_id and w.integration_provider = 'gridpane'
      where (c.status = 'down' and not c.paused)
        or w.provider_site_id in (${sql.join(
          [...cards.map((c) => String(c.siteId)), ''].map((id) => sql`${id}`),
          sql`, `,
        )})
      order by c.website_id, (c.status = 'down' and not c.paused) desc, c.id
      limit 50`),
  );
  const bySite = new Map<number, Card>(cards.map((c) => [c.siteId, c]));
  for (const r of rows) {
    if (r.site_id === null || !/^\d+$/.test(r.site_id)) continue;
    const siteId = Number(r.site_id);
    const m = measured.get(Number(r.id));
    const mine: Card = {
      siteName: r.domain,
      domain: r.domain,
      url: r.domain,
      status: cardStatus(r.status, r.paused),
      uptime: m ? `${m.uptime.toFixed(2)}%` : null,
      lastCheck: r.last_checked_at ? new Date(r.last_checked_at).toISOString() : null,
      provider: 'gridpane',
      responseTime: m?.avgResponseMs != null ? Math.round(m.avgResponseMs) : r.last_response_ms,
      siteId,
    };
    const theirs = bySite.get(siteId);
    // The worse of the two sources stands; a site without a Better Uptime figure takes ours.
    if (!theirs || theirs.status === null || (severity[mine.status!] ?? 4) < (severity[theirs.status] ?? 4)) {
      bySite.set(siteId, theirs ? { ...theirs, ...mine, siteName: theirs.siteName, url: theirs.url } : mine);
    }
  }
  return [...bySite.values()]
    .sort(
      (a, b) =>
        (severity[a.status ?? ''] ?? 4) - (severity[b.status ?? ''] ?? 4) ||
        Number.parseFloat(a.uptime ?? '101') - Number.parseFloat(b.uptime ?? '101') ||
        a.domain.localeCompare(b.domain),
    )
    .slice(0, 4);
}
