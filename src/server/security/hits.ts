import { type SQL, sql } from 'drizzle-orm';
import { SEVERITIES } from '../../shared/security';
import type { OwnTable } from '../core/cache/kept';
import type { Context } from '../core/context';
import { CORE, severitySql } from '../vulnerabilities';

/**
 * Now, to the minute: a dismissal ends on its own when its day comes, so answers that read the
 * dismissals are kept at most until the minute changes.
 */
export const minuteOf = (ctx: Pick<Context, 'clock'>) =>
  new Date(Math.floor(ctx.clock.now().getTime() / 60_000) * 60_000);

/** Severities as a SQL array, worst first (unknown above low): `array_position` ranks by it. */
export const SEVERITY_RANK = sql.raw(`array[${SEVERITIES.map((s) => `'${s}'`).join(',')}]::text[]`);

/**
 * `installed (website_id, type, slug, name, version)`, a WITH clause: what each website of `sites`
 * (SQL selecting `id`s of checked websites) runs: its plugins and themes as last listed, and WordPress
 * core. `among` (a condition on a column of website ids, true for every id of `sites`) limits the
 * read of their plugins and themes to those websites, so a batch of a few hundred websites reads its
 * own rows by index, never the fleet's, whatever the planner makes of the join with `sites`.
 */
function installedOf(sites: SQL, among?: (column: SQL) => SQL): SQL {
  const only = (column: SQL) => (among ? sql` and ${among(column)}` : sql``);
  return sql`sites as (${sites}),
    installed as (
      select s.website_id, s.type, s.slug, s.name, s.version
        from website_software s join sites on sites.id = s.website_id
        where s.version is not null${only(sql`s.website_id`)}
      union all
      select f.website_id, ${CORE.type}, ${CORE.slug}, ${CORE.name}, f.wordpress_version
        from website_facts f join sites on sites.id = f.website_id
        where f.wordpress_version is not null
    )`;
}

/** The tables a website's findings are read from: an answer kept over them names every one. */
export const FINDING_TABLES: OwnTable[] = [
  'websites',
  'website_facts',
  'website_software',
  'vulnerability_matches',
  'vulnerability_feed',
  'vulnerabilities',
  'security_dismissals',
  'plugin_directory',
];

/**
 * The findings of the websites of `sites` (SQL selecting `id`s of checked websites), site by site: what
 * each runs joined to the versions the feed generation in force makes vulnerable, each with whether an
 * Admin set it aside (and not expired). Columns: website_id, type, slug, name, version,
 * vulnerability_id, patched_version, dismissed, severity. `among`: see `installedOf`.
 */
export function hitsOf(
  ctx: Pick<Context, 'clock'>,
  sites: SQL,
  generation: number,
  among?: (column: SQL) => SQL,
): SQL {
  return sql`
    with ${installedOf(sites, among)}
    select i.website_id, i.type, i.slug, i.name, i.version, m.vulnerability_id, m.patched_version,
      (d.website_id is not null) as dismissed, ${severitySql(sql`v.cvss_rating`)} as severity
    from installed i
    join vulnerability_matches m on m.generation = ${generation} and m.type = i.type
      and m.slug = i.slug and m.version = i.version
    join vulnerabilities v on v.generation = m.generation and v.id = m.vulnerability_id
    left join security_dismissals d on d.website_id = i.website_id and d.vulnerability_id = m.vulnerability_id
      and d.type = i.type and d.slug = i.slug and d.until > ${minuteOf(ctx)}`;
}
