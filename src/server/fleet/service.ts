import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FleetCounts, FleetQuery, FleetSite, fleetSitesQuery } from '../../shared/fleet';
import { gridpaneServers } from '../integrations/gridpane-sync';
import { keptAnswer, keptRows, type Reads } from '../lists/kept';
import { count, rows } from '../lists/sql';
import type { Services } from '../services';
import { compareVersions, pastEndOfLife, REFERENCE, references } from './versions';

/** The PHP branch a site runs: what WordPress reports (HD Snapshot), else its host (GridPane); stored. */
const PHP_BRANCH = sql.raw('f.php_branch');

/** The hosted websites the filters select (w: websites, f: their facts). */
function where(q: FleetQuery): SQL {
  const parts: SQL[] = [sql`not w.removed`];
  if (q.clientId) parts.push(sql`w.client_id = ${q.clientId}`);
  if (q.serverId) parts.push(sql`w.server_id = ${q.serverId}`);
  if (q.tagId) {
    parts.push(
      sql`exists (select 1 from website_tags t where t.website_id = w.id and t.tag_id = ${q.tagId})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** What the fleet's counts read: kept while none of it changes (lists/kept). */
const reads: Reads = { tables: ['websites', 'website_facts', 'website_tags'] };
/** The sites behind a count also show their client's name and server's label. */
const sitesReads: Reads = { caches: [gridpaneServers], tables: [...reads.tables!, 'clients'] };

/**
 * WordPress and PHP versions across the fleet as counts, flagged against the reference versions: one
 * grouped query whatever the fleet's size, kept until a website, its facts or its tags change.
 */
export async function fleetCounts(services: Services, q: FleetQuery): Promise<FleetCounts> {
  const { db } = services;
  const filter = where(q);
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
  const refs = references(
    services.config,
    wpRows.flatMap((r) => (r.version ? [r.version] : [])),
  );
  const today = services.clock.now().toISOString().slice(0, 10);
  const known = <T extends { version: string | null }>(rows: T[]) =>
    rows.filter((r): r is T & { version: string } => r.version !== null);
  return {
    php: known(phpRows)
      .map((r) => {
        const endOfLife = refs.phpEndOfLife[r.version] ?? null;
        return {
          version: r.version,
          sites: Number(r.sites),
          endOfLife,
          pastEndOfLife: pastEndOfLife(endOfLife, today),
        };
      })
      .sort((a, b) => compareVersions(b.version, a.version)),
    wordpress: known(wpRows)
      .map((r) => ({
        version: r.version,
        sites: Number(r.sites),
        outdated: compareVersions(r.version, refs.wordpressLatest) < 0,
      }))
      .sort((a, b) => compareVersions(b.version, a.version) || a.version.localeCompare(b.version)),
    unknown: {
      php: Number(phpRows.find((r) => r.version === null)?.sites ?? 0),
      wordpress: Number(wpRows.find((r) => r.version === null)?.sites ?? 0),
    },
    sites: phpRows.reduce((n, r) => n + Number(r.sites), 0),
    references: {
      wordpressLatest: refs.wordpressLatest,
      readOn: refs.readOn,
      overridden: refs.overridden,
      phpSource: REFERENCE.phpSource,
      wordpressSource: REFERENCE.wordpressSource,
    },
  };
}

/** The sites behind one count of the fleet view, a page at a time. */
export async function fleetSites(services: Services, q: z.output<typeof fleetSitesQuery>) {
  const version = q.php
    ? q.php === 'unknown'
      ? sql`${PHP_BRANCH} is null`
      : sql`${PHP_BRANCH} = ${q.php}`
    : q.wordpress === 'unknown'
      ? sql`f.wordpress_version is null`
      : sql`f.wordpress_version = ${q.wordpress}`;
  const from = sql`from websites w left join website_facts f on f.website_id = w.id where ${where(q)} and ${version}`;
  // The page first (an index walk by domain), then the page's clients and servers: 25 rows, not thousands.
  const { db } = services;
  const [found, counted] = await keptAnswer(db, sitesReads, `fleet sites ${JSON.stringify(q)}`, () =>
    Promise.all([
      rows<{
        id: number;
        domain: string;
        client_id: number | null;
        client_name: string | null;
        server_label: string | null;
        php: string | null;
        wordpress: string | null;
      }>(
        db,
        sql`
      with page as (select w.id, w.domain, w.client_id, w.server_id, coalesce(f.php, f.host_php) as php,
          f.wordpress_version as wordpress ${from}
        order by w.domain limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize})
      select page.*, c.name as client_name, s.data->>'label' as server_label from page
      left join clients c on c.id = page.client_id
      left join provider_records s on s.provider = 'gridpane' and s.kind = 'servers' and s.external_id = page.server_id
      order by page.domain`,
      ),
      count(db, sql`select count(*)::int as n ${from}`),
    ]),
  );
  const data: FleetSite[] = found.map((r) => ({
    websiteId: Number(r.id),
    domain: r.domain,
    client: r.client_id === null ? null : { id: Number(r.client_id), name: r.client_name ?? '' },
    serverLabel: r.server_label,
    phpVersion: r.php,
    wordpressVersion: r.wordpress,
  }));
  return { data, total: counted, page: q.page, pageSize: q.pageSize };
}
