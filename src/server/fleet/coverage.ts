import { sql } from 'drizzle-orm';
import type { Coverage } from '../../shared/fleet';
import { keptAnswer, type Reads } from '../lists/kept';
import { rowsOf } from '../maintenance/coverage';
import { monitorsKey } from '../monitors/sync';
import type { Services } from '../services';

type Row = Record<string, unknown> & { total: number };

/** What the coverage check reads: kept while none of it changes (lists/kept). */
const reads: Reads = { caches: [monitorsKey], tables: ['websites', 'website_facts', 'check_links'] };

/**
 * What the agency does not watch or know: hosted sites without a check or monitor, Better Uptime
 * monitors whose URL matches no hosted site, sites whose snapshot plugin does not answer, sites with
 * no client. Each list stops at `limit`; the totals count them all. Kept per generation of what it
 * reads: the dashboard and the fleet view ask on every visit, the answer changes with a sync or an edit.
 */
export function coverage(services: Services, limit: number): Promise<Coverage> {
  return keptAnswer(services.db, reads, `coverage ${limit}`, () => findCoverage(services, limit));
}

async function findCoverage(services: Services, limit: number): Promise<Coverage> {
  const { db } = services;
  const list = async (query: ReturnType<typeof sql>) =>
    rowsOf<Row>(await db.execute(sql`select *, count(*) over () as total from (${query}) x limit ${limit}`));
  // Monitors are matched to websites on their stored domain (indexed); a monitor's JSON is read only
  // for the few that match no site.
  const [unmonitored, unmatched, failing, orphans] = await Promise.all([
    list(sql`select w.id as website_id, w.domain from websites w
      where not w.removed
        and not exists (select 1 from checks c where c.website_id = w.id)
        and not exists (select 1 from provider_records r where r.provider = 'betteruptime'
          and r.kind = 'monitors' and r.domain = w.domain)
      order by w.domain`),
    list(sql`select r.external_id as id, r.data->'attributes'->>'url' as url,
        coalesce(nullif(r.data->'attributes'->>'pronounceable_name', ''), r.data->'attributes'->>'url') as name
      from provider_records r
      where r.provider = 'betteruptime' and r.kind = 'monitors'
        and not exists (select 1 from websites w where w.domain = r.domain and not w.removed)
      order by lower(coalesce(nullif(r.data->'attributes'->>'pronounceable_name', ''), r.data->'attributes'->>'url')),
        r.external_id`),
    list(sql`select w.id as website_id, w.domain, f.snapshot_error as error, f.attempted_at
      from websites w join website_facts f on f.website_id = w.id
      where not w.removed and f.snapshot_ok = false
      order by f.attempted_at desc, w.domain`),
    list(sql`select w.id as website_id, w.domain from websites w
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
