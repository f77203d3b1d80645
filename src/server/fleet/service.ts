import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FleetCounts,
  FleetQuery,
  FleetSite,
  FleetSiteIds,
  FleetSiteIdsQuery,
  fleetSitesQuery,
} from '../../shared/fleet';
import { MAX_RUN_SITES } from '../../shared/updates';
import { keptAnswer, keptRows, type Reads } from '../core/cache/kept';
import { clientInScope, type ScopeContext, scopeKey } from '../core/scope';
import { count, rows } from '../core/sql';
import type { Services } from '../services';
import { readWebsites } from '../websites';
import { compareVersions, endOfLifeOn, references } from './versions';

/** The PHP branch a site runs: what WordPress reports (HD Snapshot), else its host (GridPane); stored. */
const PHP_BRANCH = sql.raw('f.php_branch');

/**
 * The hosted websites the fleet's filters (client, server, tag) select (w: websites), of a limited
 * person's clients: the one reading of those filters, for the fleet view and the Security page.
 */
export function fleetWhere(ctx: ScopeContext, q: FleetQuery): SQL {
  const parts: SQL[] = [sql`not w.removed`, clientInScope(ctx, sql`w.client_id`)];
  if (q.clientId) parts.push(sql`w.client_id = ${q.clientId}`);
  if (q.serverId) parts.push(sql`w.server_id = ${q.serverId}`);
  if (q.tagId) {
    parts.push(
      sql`exists (select 1 from website_tags t where t.website_id = w.id and t.tag_id = ${q.tagId})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** What the fleet's counts, and the pages of sites behind them, read: kept while none of it changes. */
const reads: Reads = { tables: ['websites', 'website_facts', 'website_tags'] };

/**
 * WordPress and PHP versions across the fleet as counts, flagged against the reference versions: one
 * grouped query whatever the fleet's size, kept until a website, its facts or its tags change.
 */
export async function fleetCounts(services: Services, q: FleetQuery): Promise<FleetCounts> {
  const { db } = services;
  const filter = fleetWhere(services, q);
  // One pass over the fleet, counted both ways.
  const rows = await keptRows<{ php: string | null; wordpress: string | null; by: number; sites: number }>(
    db,
    reads,
    sql`select ${PHP_BRANCH} as php, f.wordpress_version as wordpress,
        grouping(${PHP_BRANCH}) as by, count(*)::int as sites
      from websites w left join website_facts f on f.website_id = w.id
      where ${filter} group by grouping sets ((${PHP_BRANCH}), (f.wordpress_version))`,
  );
  // grouping() is 1 for the column not grouped on: by = 0 are the PHP rows, by = 1 the WordPress rows.
  const phpRows = rows.filter((r) => Number(r.by) === 0).map((r) => ({ version: r.php, sites: r.sites }));
  const wpRows = rows
    .filter((r) => Number(r.by) === 1)
    .map((r) => ({ version: r.wordpress, sites: r.sites }));
  const { phpEndOfLife, ...refs } = await references(
    services,
    wpRows.flatMap((r) => (r.version ? [r.version] : [])),
  );
  const today = services.clock.now().toISOString().slice(0, 10);
  const known = <T extends { version: string | null }>(rows: T[]) =>
    rows.filter((r): r is T & { version: string } => r.version !== null);
  return {
    php: known(phpRows)
      .map((r) => ({
        version: r.version,
        sites: Number(r.sites),
        ...endOfLifeOn({ phpEndOfLife }, r.version, today),
      }))
      .sort((a, b) => compareVersions(b.version, a.version)),
    wordpress: known(wpRows)
      .map((r) => ({
        version: r.version,
        sites: Number(r.sites),
        outdated: compareVersions(r.version, refs.wordpress.latest) < 0,
      }))
      .sort((a, b) => compareVersions(b.version, a.version) || a.version.localeCompare(b.version)),
    unknown: {
      php: Number(phpRows.find((r) => r.version === null)?.sites ?? 0),
      wordpress: Number(wpRows.find((r) => r.version === null)?.sites ?? 0),
    },
    sites: phpRows.reduce((n, r) => n + Number(r.sites), 0),
    references: refs,
  };
}

/**
 * The sites behind one count of the fleet view (w: websites, f: their facts), as a `from ... where`: the
 * one reading of a pick, for its pages and for its ids.
 */
function pickedFrom(ctx: ScopeContext, q: FleetSiteIdsQuery): SQL {
  const version = q.php
    ? q.php === 'unknown'
      ? sql`${PHP_BRANCH} is null`
      : sql`${PHP_BRANCH} = ${q.php}`
    : q.wordpress === 'unknown'
      ? sql`f.wordpress_version is null`
      : sql`f.wordpress_version = ${q.wordpress}`;
  return sql`from websites w left join website_facts f on f.website_id = w.id where ${fleetWhere(ctx, q)} and ${version}`;
}

/**
 * The sites behind one count of the fleet view, a page at a time: the page's websites are picked (and
 * counted) here, kept like the counts; what each shows (client, server, versions, health) is read fresh
 * from the website read model, so the fleet says what every other page says of them.
 */
export async function fleetSites(services: Services, q: z.output<typeof fleetSitesQuery>) {
  const from = pickedFrom(services, q);
  // The page first (an index walk by domain), then the page's websites: 25 rows, not thousands.
  const { db } = services;
  const [page, counted] = await keptAnswer(
    db,
    reads,
    `fleet sites ${JSON.stringify(q)} ${scopeKey(services)}`,
    () =>
      Promise.all([
        rows<{ id: number }>(
          db,
          sql`select w.id ${from} order by w.domain limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
        ),
        count(db, sql`select count(*)::int as n ${from}`),
      ]),
  );
  const ids = page.map((r) => Number(r.id));
  const views = new Map((await readWebsites(services, { ids, removed: 'include' })).map((v) => [v.id, v]));
  const data: FleetSite[] = ids.flatMap((id) => {
    const v = views.get(id);
    return v
      ? [
          {
            websiteId: v.id,
            domain: v.domain,
            client: v.client,
            serverLabel: v.serverLabel,
            phpVersion: v.phpVersion,
            wordpressVersion: v.wordpressVersion,
            health: v.health,
          },
        ]
      : [];
  });
  return { data, total: counted, page: q.page, pageSize: q.pageSize };
}

/**
 * The ids of all the sites behind one count (the sites its pages list), by domain, for an update run of
 * them: at most MAX_RUN_SITES, the most one run takes; `total` counts them all. Kept like the pages.
 */
export async function fleetSiteIds(services: Services, q: FleetSiteIdsQuery): Promise<FleetSiteIds> {
  const from = pickedFrom(services, q);
  const { db } = services;
  const [picked, total] = await keptAnswer(
    db,
    reads,
    `fleet site ids ${JSON.stringify(q)} ${scopeKey(services)}`,
    () =>
      Promise.all([
        rows<{ id: number }>(db, sql`select w.id ${from} order by w.domain limit ${MAX_RUN_SITES}`),
        count(db, sql`select count(*)::int as n ${from}`),
      ]),
  );
  return { ids: picked.map((r) => Number(r.id)), total };
}
