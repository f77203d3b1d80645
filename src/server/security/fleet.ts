import { type SQL, sql } from 'drizzle-orm';
import type { FleetQuery } from '../../shared/fleet';
import { pageOf } from '../../shared/lists';
import {
  type FeedStatus,
  type FindingSites,
  SEVERITIES,
  SEVERITY_LABELS,
  type SecurityFinding,
  type SecurityFindingsPage,
  type SecurityFindingsQuery,
  type SecuritySummary,
  type Severity,
} from '../../shared/security';
import { keptAnswer, keptRows, keyOf, type Reads } from '../core/cache/kept';
import { notFound } from '../core/errors';
import { rows, websiteIdRanges } from '../core/sql';
import { toCsv } from '../exports';
import { fleetCounts, fleetWhere } from '../fleet';
import { directoryReadAt } from '../plugin-directory';
import type { Services } from '../services';
import {
  CORE,
  compareVersions,
  copyrightOf,
  type FeedState,
  readFeedState,
  severitySql,
  websiteFindingId,
} from '../vulnerabilities';
import { notCheckedReason } from '../websites';
import { NO_FINDING } from './dismissals';
import { FINDING_TABLES, hitsOf, minuteOf, SEVERITY_RANK } from './hits';
import { noFeedReason } from './website';
import { coreVerdicts } from './wporg-facts';

/** The websites the fleet's filters select whose plugins are known (SQL selecting `id`). */
const checkedSites = (services: Services, q: FleetQuery) =>
  sql`select w.id from websites w join website_facts f on f.website_id = w.id
    where ${fleetWhere(services, q)} and f.software_at is not null`;

/**
 * The fleet's findings site by site (see `hitsOf`): those of every selected, checked website.
 * Columns: website_id, type, slug, name, version, vulnerability_id, patched_version, dismissed, severity.
 */
export function hits(services: Services, q: FleetQuery, generation: number): SQL {
  return hitsOf(services, checkedSites(services, q), generation);
}

const statusSql = (status: SecurityFindingsQuery['status']) =>
  status === 'dismissed' ? sql`h.dismissed` : status === 'all' ? sql`true` : sql`not h.dismissed`;

const feedStatusOf = (feed: FeedState): FeedStatus => ({
  readAt: feed.readAt?.toISOString() ?? null,
  records: feed.records,
  error: feed.error,
});

/** What the fleet's kept answers read: they are reused until one of these tables is written. */
const READS: Reads = { tables: [...FINDING_TABLES, 'website_tags'] };

type Group = {
  vulnerability_id: string;
  type: SecurityFinding['software']['type'];
  slug: string;
  name: string;
  severity: Severity;
  site_count: number;
  patched: (string | null)[];
  title: string;
  cvss_score: number | null;
  cve: string | null;
  reference: string;
  copyrights: unknown;
};

/** Websites per statement when counting what the selected websites run. */
const COUNT_SITES = 1000;

type Installed = { type: string; slug: string; version: string; n: number; name: string };

/**
 * How many of the selected websites run each version of each piece of software (WordPress core
 * included), counted a range of website ids at a time: a statement reads at most COUNT_SITES
 * websites' software, whatever the fleet's size, so none holds the database for long.
 */
async function installedCounts(services: Services, sites: SQL): Promise<Installed[]> {
  const merged = new Map<string, Installed>();
  for (const [from, to] of await websiteIdRanges(services.db, COUNT_SITES)) {
    const part = await rows<Installed>(
      services.db,
      sql`with sites as (${sites} and w.id between ${from} and ${to})
        select s.type, s.slug, s.version, count(*)::int as n, min(s.name) as name
          from website_software s join sites on sites.id = s.website_id
          where s.version is not null and s.website_id between ${from} and ${to}
          group by s.type, s.slug, s.version
        union all
        select ${CORE.type}, ${CORE.slug}, f.wordpress_version, count(*)::int, ${CORE.name}
          from website_facts f join sites on sites.id = f.website_id
          where f.wordpress_version is not null and f.website_id between ${from} and ${to}
          group by f.wordpress_version`,
    );
    for (const r of part) {
      const key = `${r.type}\u0000${r.slug}\u0000${r.version}`;
      const seen = merged.get(key);
      if (!seen) merged.set(key, { ...r, n: Number(r.n) });
      else {
        seen.n += Number(r.n);
        if (r.name < seen.name) seen.name = r.name;
      }
    }
  }
  return [...merged.values()];
}

/**
 * Every finding of the selected websites, one per vulnerability of one piece of software, with how
 * many sites it affects, most urgent first: counted once per data change and filter (a page, a
 * severity or a search reads the kept groups). What the sites run is counted in ranges of websites
 * (`installedCounts`), then the versions the feed makes vulnerable are joined to those counts in one
 * statement over distinct versions only. A site runs a piece of software once, so its rows count sites.
 */
async function findingGroups(
  services: Services,
  q: SecurityFindingsQuery,
  generation: number,
): Promise<Group[]> {
  const sites = (n: SQL) =>
    q.status === 'dismissed'
      ? sql`coalesce(dz.n, 0)`
      : q.status === 'all'
        ? n
        : sql`(${n} - coalesce(dz.n, 0))`;
  const count = sites(sql`c.n`);
  const selected = checkedSites(services, q);
  const statement = (counts: Installed[]) => sql`with sites as (${selected}),
      counts as (
        select c.type, c.slug, c.version, c.n, c.name
        from json_to_recordset(${JSON.stringify(counts)}::json) as c(type text, slug text, version text, n int, name text)
      ),
      dismissed as (
        select d.vulnerability_id, d.type, d.slug, coalesce(s.version, f.wordpress_version) as version,
          count(*)::int as n
        from security_dismissals d join sites on sites.id = d.website_id
        left join website_software s on d.type <> ${CORE.type} and s.website_id = d.website_id
          and s.type = d.type and s.slug = d.slug
        left join website_facts f on d.type = ${CORE.type} and f.website_id = d.website_id
        where d.until > ${minuteOf(services)}
        group by 1, 2, 3, 4
      )
      select m.vulnerability_id, m.type, m.slug, min(c.name) as name, sum(${count})::int as site_count,
        array_agg(distinct m.patched_version) filter (where ${count} > 0) as patched,
        ${severitySql(sql`v.cvss_rating`)} as severity, v.title, v.cvss_score, v.cve, v.reference, v.copyrights
      from vulnerability_matches m
      join counts c on c.type = m.type and c.slug = m.slug and c.version = m.version
      left join dismissed dz on dz.vulnerability_id = m.vulnerability_id and dz.type = m.type
        and dz.slug = m.slug and dz.version = m.version
      join vulnerabilities v on v.generation = m.generation and v.id = m.vulnerability_id
      where m.generation = ${generation}
      group by m.vulnerability_id, m.type, m.slug, v.generation, v.id
      having sum(${count}) > 0
      order by array_position(${SEVERITY_RANK}, ${severitySql(sql`v.cvss_rating`)}), v.cvss_score desc nulls last,
        sum(${count}) desc, v.title, m.vulnerability_id, m.type, m.slug`;
  // The key: the statement as it would read with no counts yet (its filters, status, minute, feed).
  return keptAnswer(services.db, READS, `finding groups ${keyOf(statement([]))}`, async () =>
    rows<Group>(services.db, statement(await installedCounts(services, selected))),
  );
}

/** The text query's reading: the title, the software's name or slug, or the CVE holds it (any case). */
function matchesText(g: Group, q: string | undefined): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [g.title, g.name, g.slug, g.cve ?? ''].some((text) => text.toLowerCase().includes(needle));
}

/** The groups a query selects: its fleet filters and status (kept), then its severity and text. */
async function selectedGroups(services: Services, q: SecurityFindingsQuery, generation: number) {
  return (await findingGroups(services, q, generation)).filter(
    (g) => (!q.severity || g.severity === q.severity) && matchesText(g, q.q),
  );
}

const findingOf = (g: Group): SecurityFinding => ({
  id: `${g.vulnerability_id}:${g.type}:${g.slug}`,
  vulnerabilityId: g.vulnerability_id,
  title: g.title,
  software: { type: g.type, slug: g.slug, name: g.name },
  severity: g.severity,
  cvss: g.cvss_score === null ? null : Number(g.cvss_score),
  cve: g.cve,
  patchedVersion: highest(g.patched),
  siteCount: g.site_count,
  reference: g.reference,
  copyright: copyrightOf(g.copyrights),
});

/**
 * GET /api/security/findings: one row per vulnerability of one piece of software, with how many of the
 * selected websites run an affected version, most urgent first; the text query reads the title, the
 * software's name or slug and the CVE.
 */
export async function securityFindings(
  services: Services,
  q: SecurityFindingsQuery,
): Promise<SecurityFindingsPage> {
  const feed = await readFeedState(services);
  const { page, pageSize, offset } = pageOf(q);
  const groups = feed.generation === 0 ? [] : await selectedGroups(services, q, feed.generation);
  return {
    data: groups.slice(offset, offset + pageSize).map(findingOf),
    total: groups.length,
    page,
    pageSize,
    feed: feedStatusOf(feed),
  };
}

/** The release that fixes every affected site: the highest of the patched versions; null if any has none. */
function highest(versions: (string | null)[]): string | null {
  if (versions.length === 0 || versions.some((v) => v === null)) return null;
  return (versions as string[]).sort((a, b) => compareVersions(b, a, { pad: true }))[0] ?? null;
}

/** "<vulnerability id>:<type>:<slug>" back into its parts; a 404 for anything else. */
export function parseFindingId(id: string) {
  const m = /^([A-Za-z0-9-]{1,64}):(plugin|theme|core):([a-z0-9._-]{1,200})$/i.exec(id);
  if (!m) throw notFound(NO_FINDING);
  return { vulnerabilityId: m[1]!, type: m[2]!, slug: m[3]! };
}

type SiteFindingRow = {
  website_id: number;
  website_name: string;
  client_id: number | null;
  client_name: string | null;
  vulnerability_id: string;
  type: string;
  slug: string;
  name: string;
  version: string;
  patched_version: string | null;
  severity: Severity;
  title: string;
  cvss_score: number | null;
  cve: string | null;
  reference: string;
  reason: string | null;
  until: Date | string | null;
  by: string | null;
  at: Date | string | null;
  total: number;
};

/** Each (website, finding) of the selected websites for these findings, by website name then urgency. */
async function siteFindings(
  services: Services,
  q: SecurityFindingsQuery,
  generation: number,
  findings: { vulnerabilityId: string; type: string; slug: string }[],
  limit: number | null,
): Promise<SiteFindingRow[]> {
  if (findings.length === 0) return [];
  const which = sql.join(
    findings.map((f) => sql`(${f.vulnerabilityId}, ${f.type}, ${f.slug})`),
    sql`, `,
  );
  const filters: SQL[] = [statusSql(q.status), sql`(h.vulnerability_id, h.type, h.slug) in (${which})`];
  return rows<SiteFindingRow>(
    services.db,
    sql`with h as (${hits(services, q, generation)})
      select h.website_id, w.name as website_name, c.id as client_id, c.name as client_name,
        h.vulnerability_id, h.type, h.slug, h.name, h.version, h.patched_version, h.severity, v.title,
        v.cvss_score, v.cve, v.reference, d.reason, d.until, u.username as by, d.dismissed_at as at,
        (count(*) over ())::int as total
      from h join websites w on w.id = h.website_id
      join vulnerabilities v on v.generation = ${generation} and v.id = h.vulnerability_id
      left join clients c on c.id = w.client_id
      left join security_dismissals d on h.dismissed and d.website_id = h.website_id
        and d.vulnerability_id = h.vulnerability_id and d.type = h.type and d.slug = h.slug
      left join users u on u.id = d.dismissed_by
      where ${sql.join(filters, sql` and `)}
      order by lower(w.name), w.id, array_position(${SEVERITY_RANK}, h.severity), v.cvss_score desc nulls last,
        h.vulnerability_id, h.type, h.slug
      ${limit === null ? sql`` : sql`limit ${limit}`}`,
  );
}

const iso = (d: Date | string) => new Date(d).toISOString();
const dismissalOf = (r: SiteFindingRow) =>
  r.reason !== null && r.until !== null && r.at !== null
    ? { reason: r.reason, until: iso(r.until), by: r.by, at: iso(r.at) }
    : null;

/** The websites (of those selected) one finding affects, by name; at most `limit`, with the total. */
export async function findingSites(
  services: Services,
  id: string,
  q: SecurityFindingsQuery,
  limit = 200,
): Promise<FindingSites> {
  const finding = parseFindingId(id);
  const feed = await readFeedState(services);
  if (feed.generation === 0) return { data: [], total: 0 };
  const found = await siteFindings(services, q, feed.generation, [finding], limit);
  return {
    data: found.map((r) => ({
      id: websiteFindingId(r.website_id, r.vulnerability_id, r.type, r.slug),
      website: { id: r.website_id, name: r.website_name },
      client: r.client_id === null ? null : { id: r.client_id, name: r.client_name ?? '' },
      installedVersion: r.version,
      patchedVersion: r.patched_version,
      dismissal: dismissalOf(r),
    })),
    total: found[0]?.total ?? 0,
  };
}

/** GET /api/security/export.csv: one row per website and finding the filters select. */
export async function securityCsv(services: Services, q: SecurityFindingsQuery): Promise<string> {
  const feed = await readFeedState(services);
  // The findings the page shows (its filters, severity and search), each with its sites.
  const groups = feed.generation === 0 ? [] : await selectedGroups(services, q, feed.generation);
  const found = await siteFindings(
    services,
    q,
    feed.generation,
    groups.map((g) => ({ vulnerabilityId: g.vulnerability_id, type: g.type, slug: g.slug })),
    null,
  );
  return toCsv(
    [
      'Website',
      'Client',
      'Type',
      'Software',
      'Slug',
      'Installed version',
      'Fixed in',
      'Severity',
      'CVSS',
      'CVE',
      'Vulnerability',
      'Status',
      'Dismissal reason',
      'Dismissed until (UTC)',
      'Reference',
    ],
    found.map((r) => {
      const dismissal = dismissalOf(r);
      return [
        r.website_name,
        r.client_name,
        r.type,
        r.name,
        r.slug,
        r.version,
        r.patched_version ?? 'No fix published',
        SEVERITY_LABELS[r.severity],
        r.cvss_score === null ? null : Number(r.cvss_score),
        r.cve,
        r.title,
        dismissal ? 'Dismissed' : 'Open',
        dismissal?.reason,
        dismissal?.until,
        r.reference,
      ];
    }),
  );
}

/**
 * GET /api/security/summary: how many of the selected websites are checked (and why the others are
 * not), how many have open findings of each severity, updates waiting and PHP past its end of life.
 */
/**
 * A count over the fleet's software kept like keptRows, counted a range of websites per statement
 * (`among`: a condition on a column of website ids) and summed: the rows' `sites` or `n` per group of
 * the other columns. Ranges are disjoint, so counts of distinct websites add up.
 */
function keptByRanges<T extends Record<string, unknown>>(
  services: Services,
  counted: keyof T & string,
  statement: (among: (column: SQL) => SQL) => SQL,
): Promise<T[]> {
  const key = `by ranges ${keyOf(statement((column) => sql`${column} is not null`))}`;
  return keptAnswer(services.db, READS, key, async () => {
    const sums = new Map<string, T>();
    for (const [from, to] of await websiteIdRanges(services.db, COUNT_SITES)) {
      const part = await rows<T>(
        services.db,
        statement((column) => sql`${column} between ${from} and ${to}`),
      );
      for (const row of part) {
        const { [counted]: n, ...rest } = row;
        const group = JSON.stringify(rest);
        const seen = sums.get(group);
        if (seen) (seen as Record<string, unknown>)[counted] = Number(seen[counted]) + Number(n);
        else sums.set(group, { ...row, [counted]: Number(n) });
      }
    }
    return [...sums.values()];
  });
}

export async function securitySummary(services: Services, q: FleetQuery): Promise<SecuritySummary> {
  const [feed, directoryAt, verdicts] = await Promise.all([
    readFeedState(services),
    directoryReadAt(services),
    coreVerdicts(services),
  ]);
  const insecure = verdicts
    ? [...verdicts].filter(([, v]) => v === 'insecure').map(([version]) => version)
    : [];
  const [states, severities, updates, fleet, closed, coreInsecure] = await Promise.all([
    keptRows<{
      listed: boolean;
      attempted: boolean;
      snapshot_ok: boolean | null;
      sites: number;
    }>(
      services.db,
      READS,
      sql`select f.software_at is not null as listed, f.attempted_at is not null as attempted,
          f.snapshot_ok, count(*)::int as sites
        from websites w left join website_facts f on f.website_id = w.id
        where ${fleetWhere(services, q)}
        group by 1, 2, 3`,
    ),
    feed.generation === 0
      ? Promise.resolve([])
      : keptByRanges<{ severity: Severity; sites: number }>(
          services,
          'sites',
          (
            among,
          ) => sql`with h as (${hitsOf(services, sql`${checkedSites(services, q)} and ${among(sql`w.id`)}`, feed.generation, among)})
            select h.severity, count(distinct h.website_id)::int as sites from h
            where not h.dismissed group by h.severity`,
        ),
    keptByRanges<{ n: number }>(
      services,
      'n',
      (among) => sql`select count(*)::int as n from website_software s
        join websites w on w.id = s.website_id join website_facts f on f.website_id = w.id
        where ${fleetWhere(services, q)} and f.software_at is not null and s.update_version is not null
          and ${among(sql`s.website_id`)}`,
    ),
    fleetCounts(services, q),
    directoryAt === null
      ? null
      : keptByRanges<{ n: number }>(
          services,
          'n',
          (among) => sql`select count(*)::int as n from website_software s
            join plugin_directory d on d.slug = s.slug and d.status = 'closed'
            join websites w on w.id = s.website_id join website_facts f on f.website_id = w.id
            where ${fleetWhere(services, q)} and f.software_at is not null and s.type = 'plugin'
              and ${among(sql`s.website_id`)}`,
        ),
    verdicts === null
      ? null
      : keptRows<{ n: number }>(
          services.db,
          READS,
          sql`select count(*)::int as n from websites w join website_facts f on f.website_id = w.id
            where ${fleetWhere(services, q)} and f.wordpress_version = any(string_to_array(${insecure.join(',')}, ','))`,
        ),
  ]);

  const reasons = new Map<string, number>();
  let checked = 0;
  let notChecked = 0;
  for (const s of states) {
    const sites = Number(s.sites);
    // The row says only whether each time is set: any date stands for "set".
    const siteReason = notCheckedReason({
      softwareAt: s.listed ? new Date(0) : null,
      attemptedAt: s.attempted ? new Date(0) : null,
      snapshotOk: s.snapshot_ok,
      // Each site's own error is on its page: summed up, failures read as one reason.
      snapshotError: null,
    });
    const reason = siteReason ?? (feed.generation === 0 ? noFeedReason(feed) : null);
    if (reason === null) checked += sites;
    else {
      notChecked += sites;
      reasons.set(reason, (reasons.get(reason) ?? 0) + sites);
    }
  }
  const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  for (const r of severities) bySeverity[r.severity] = Number(r.sites);
  return {
    sites: { checked, notChecked },
    findings: bySeverity,
    updatesAvailable: Number(updates[0]?.n ?? 0),
    closedPlugins: closed ? Number(closed[0]?.n ?? 0) : null,
    coreInsecure: coreInsecure ? Number(coreInsecure[0]?.n ?? 0) : null,
    phpEol: fleet.php.filter((p) => p.pastEndOfLife).reduce((n, p) => n + p.sites, 0),
    feed: feedStatusOf(feed),
    notCheckedReasons: [...reasons]
      .map(([reason, sites]) => ({ reason, sites }))
      .sort((a, b) => b.sites - a.sites || a.reason.localeCompare(b.reason)),
  };
}
