import { sql } from 'drizzle-orm';
import type { Coverage } from '../../shared/fleet';
import { keptAnswer, type Reads } from '../core/cache/kept';
import { clientInScope, isScoped, scopeKey } from '../core/scope';
import { rowsOf } from '../core/sql';
import { monitorNameSql, monitorUrlSql } from '../providers/betteruptime/columns';
import { monitorsKey } from '../providers/betteruptime/keys';
import type { Services } from '../services';
import { unwatchedSql } from '../websites';

type Row = Record<string, unknown> & { total: number };
const r = sql.raw('r');

/** What the coverage check reads: kept while none of it changes (the answer cache). */
const reads: Reads = { caches: [monitorsKey], tables: ['websites', 'website_facts', 'check_links'] };

/**
 * What the agency does not watch or know: hosted sites without a check or monitor, Better Uptime
 * monitors whose URL matches no hosted site, sites whose snapshot plugin does not answer, sites with
 * no client. Each list stops at `limit`; the totals count them all. Kept per generation of what it
 * reads: the dashboard and the fleet view ask on every visit, the answer changes with a sync or an edit.
 */
export function coverage(services: Services, limit: number): Promise<Coverage> {
  return keptAnswer(services.db, reads, `coverage ${limit} ${scopeKey(services)}`, () =>
    findCoverage(services, limit),
  );
}

async function findCoverage(services: Services, limit: number): Promise<Coverage> {
  const { db } = services;
  const list = async (query: ReturnType<typeof sql>) =>
    rowsOf<Row>(await db.execute(sql`select *, count(*) over () as total from (${query}) x limit ${limit}`));
  // Monitors are matched to websites on their stored domain (indexed); a monitor's JSON is read only
  // for the few that match no site.
  // A person limited to chosen clients sees their clients' websites only: monitors that match no site,
  // and sites without a client, are no client's, so not theirs.
  const mine = clientInScope(services, sql`w.client_id`);
  const limited = isScoped(services);
  const none = sql`select null::int as website_id, null::text as domain where false`;
  const [unmonitored, unmatched, failing, orphans] = await Promise.all([
    // Nobody watches it: no check of ours and no Better Uptime monitor (the read model's rule).
    list(sql`select w.id as website_id, w.domain from websites w
      where not w.removed and ${mine} and ${unwatchedSql}
      order by w.domain`),
    limited
      ? list(sql`select null::text as id, null::text as url, null::text as name where false`)
      : list(sql`select r.external_id as id, ${monitorUrlSql(r)} as url, ${monitorNameSql(r)} as name
      from provider_records r
      where r.provider = ${monitorsKey.provider} and r.kind = ${monitorsKey.kind}
        and not exists (select 1 from websites w where w.domain = r.domain and not w.removed)
      order by lower(${monitorNameSql(r)}), r.external_id`),
    list(sql`select w.id as website_id, w.domain, f.snapshot_error as error, f.attempted_at
      from websites w join website_facts f on f.website_id = w.id
      where not w.removed and ${mine} and f.snapshot_ok = false
      order by f.attempted_at desc, w.domain`),
    limited
      ? list(none)
      : list(sql`select w.id as website_id, w.domain from websites w
      where not w.removed and w.client_id is null order by w.domain`),
  ]);
  const total = (rows: Row[]) => (rows.length ? Number(rows[0]!.total) : 0);
  const site = (r: Row) => ({ websiteId: Number(r.website_id), domain: String(r.domain) });
  return {
    unmonitoredSites: unmonitored.map(site),
    unmatchedMonitors: unmatched.map((r) => ({ id: String(r.id), url: String(r.url), name: String(r.name) })),
    snapshotFailures: failing.map((r) => ({
      ...site(r),
      error: (r.error as string | null) ?? null,
      attemptedAt: r.attempted_at ? new Date(r.attempted_at as string).toISOString() : null,
    })),
    sitesWithoutClient: orphans.map(site),
    totals: {
      unmonitoredSites: total(unmonitored),
      unmatchedMonitors: total(unmatched),
      snapshotFailures: total(failing),
      sitesWithoutClient: total(orphans),
    },
  };
}
