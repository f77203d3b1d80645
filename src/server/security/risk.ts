import { sql } from 'drizzle-orm';
import type { Severity, WebsiteRisk } from '../../shared/risk';
import { keptAnswer, type Reads } from '../core/cache/kept';
import { clientInScope, clientScope } from '../core/scope';
import { rows } from '../core/sql';
import { wporgReleases } from '../providers/wporg/keys';
import type { Services } from '../services';
import { readFeedState } from '../vulnerabilities';
import { notCheckedReason } from '../websites';
import { FINDING_TABLES, hitsOf, minuteOf, SEVERITY_RANK } from './hits';
import { noFeedReason } from './website';
import { coreVerdicts } from './wporg-facts';

/** Websites per statement: a page is one; an export of the whole fleet goes in slices of this many. */
const SLICE = 1000;

type RiskRow = {
  id: number;
  software_at: Date | string | null;
  attempted_at: Date | string | null;
  snapshot_ok: boolean | null;
  snapshot_error: string | null;
  severity: Severity | null;
  open_count: number | null;
  wordpress_version: string | null;
  closed_names: string[] | null;
};

const at = (v: Date | string | null) => (v === null ? null : new Date(v));

/**
 * The security risk of these websites (a page of a list, a client's websites): each one's worst open
 * (not dismissed) finding and how many it has, by the Security page's own findings (`hitsOf`) over the
 * feed generation in force; "not checked", with the reason, while its plugins or the feed are not
 * known. Reads only these websites' software (index lookups), so a page costs the same at any fleet
 * size. Websites outside the person's clients, or not there, are left out.
 */
export async function riskOf(services: Services, websiteIds: number[]): Promise<Map<number, WebsiteRisk>> {
  const ids = [...new Set(websiteIds.map(Number))];
  if (ids.length === 0) return new Map();
  // A whole fleet's export is read once, not kept.
  if (ids.length > SLICE) return readRisks(services, ids);
  // Kept per page while none of what it reads changes, and for the minute (a dismissal ends with time):
  // a list page then reads the generations, not the feed state, wordpress.org's verdicts and the page's
  // software. The key holds the person's clients, since the answer leaves out the others. Shared by
  // the requests that read it: never changed by a caller.
  const key = `risk ${minuteOf(services).toISOString()} ${JSON.stringify(clientScope(services))} ${ids.join(',')}`;
  return keptAnswer(services.db, RISK_READS, key, () => readRisks(services, ids));
}

/** Everything the risks read: wordpress.org's releases, the websites' software and facts, the feed. */
const RISK_READS: Reads = { caches: [wporgReleases], tables: FINDING_TABLES };

async function readRisks(services: Services, ids: number[]): Promise<Map<number, WebsiteRisk>> {
  const risks = new Map<number, WebsiteRisk>();
  const [feed, verdicts] = await Promise.all([readFeedState(services), coreVerdicts(services)]);
  const noFeed = feed.generation === 0 ? noFeedReason(feed) : null;
  for (let i = 0; i < ids.length; i += SLICE) {
    const list = sql.raw(`(${ids.slice(i, i + SLICE).join(',')})`);
    const sites = sql`select w.id from websites w join website_facts f on f.website_id = w.id
      where w.id in ${list} and ${clientInScope(services, sql`w.client_id`)} and f.software_at is not null`;
    const open =
      noFeed === null
        ? sql`select h.website_id, count(*)::int as open_count,
              (array_agg(h.severity order by array_position(${SEVERITY_RANK}, h.severity)))[1] as severity
            from (${hitsOf(services, sites, feed.generation, (column) => sql`${column} in ${list}`)}) h
            where not h.dismissed group by h.website_id`
        : sql`select null::int as website_id, 0 as open_count, null::text as severity where false`;
    const found = await rows<RiskRow>(
      services.db,
      sql`with findings as (${open})
        select w.id, f.software_at, f.attempted_at, f.snapshot_ok, f.snapshot_error, o.severity, o.open_count,
          f.wordpress_version,
          (select array_agg(s.name order by s.name) from website_software s
            join plugin_directory d on d.slug = s.slug and d.status = 'closed'
            where s.website_id = w.id and s.type = 'plugin') as closed_names
        from websites w left join website_facts f on f.website_id = w.id
        left join findings o on o.website_id = w.id
        where w.id in ${list} and ${clientInScope(services, sql`w.client_id`)}`,
    );
    for (const r of found) {
      const unlisted = notCheckedReason({
        softwareAt: at(r.software_at),
        attemptedAt: at(r.attempted_at),
        snapshotOk: r.snapshot_ok,
        snapshotError: r.snapshot_error,
      });
      const reason = unlisted ?? noFeed;
      // wordpress.org's warnings need only what the site runs, not the vulnerability feed.
      const warnings = unlisted === null ? warningsOf(r, verdicts) : [];
      risks.set(
        Number(r.id),
        reason === null
          ? {
              checked: true,
              reason: null,
              severity: r.severity ?? null,
              open: Number(r.open_count ?? 0),
              warnings,
            }
          : { checked: false, reason, severity: null, open: 0, warnings },
      );
    }
  }
  return risks;
}

/** A website the risk was not read for (not there, or outside the person's clients): not checked. */
const UNREAD: WebsiteRisk = {
  checked: false,
  reason: 'Not checked',
  severity: null,
  open: 0,
  warnings: [],
};

/** wordpress.org's word against what a site runs: its release insecure, plugins it closed. */
function warningsOf(r: RiskRow, verdicts: Map<string, string> | null): string[] {
  const version = r.wordpress_version;
  return [
    ...(version && verdicts?.get(version) === 'insecure' ? [`WordPress ${version} is insecure`] : []),
    ...(r.closed_names ?? []).map((name) => `${name} was closed on wordpress.org`),
  ];
}

/** These rows (websites, by id), each with its security risk (`riskOf`). */
export async function withRisk<T extends { id: number }>(
  services: Services,
  list: T[],
): Promise<(T & { risk: WebsiteRisk })[]> {
  const risks = await riskOf(
    services,
    list.map((w) => w.id),
  );
  return list.map((w) => ({ ...w, risk: risks.get(w.id) ?? UNREAD }));
}
