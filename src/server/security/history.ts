import { and, asc, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { ReportFixedFinding, ReportOpenFinding, ReportSecurity } from '../../shared/reports';
import { SEVERITIES, type Severity } from '../../shared/security';
import { type Context, withTransaction } from '../core/context';
import type { JobSpec } from '../core/jobs/engine';
import { rows } from '../core/sql';
import {
  securityDismissals,
  securityFindingHistory,
  securityFindingHistoryStart,
  websiteFacts,
} from '../db/schema';
import type { Services } from '../services';
import { CORE, FINDING_HISTORY_JOB, readFeedState } from '../vulnerabilities';
import { notCheckedReason } from '../websites';
import {
  amongIds,
  analyzeFeed,
  chunks,
  done,
  findingsOf,
  idList,
  lockWatermark,
  queueFleet,
  ROWS_PER_STATEMENT,
  saveWatermark,
  takeQueued,
} from './queue';

/**
 * Websites brought up to date per transaction at most: one statement reads their findings (every
 * severity), then what closed and opened is written. A real fleet has a few findings a website, a
 * fleet far behind on its updates dozens: the first batch takes `HISTORY_FIRST_BATCH` websites, and
 * each next one as many as make about `FINDINGS_PER_TRANSACTION` findings at the density seen so far.
 */
export const HISTORY_SITES_PER_BATCH = 250;
const HISTORY_FIRST_BATCH = 50;
const FINDINGS_PER_TRANSACTION = 1_500;

type Found = {
  website_id: number;
  vulnerability_id: string;
  type: string;
  slug: string;
  name: string;
  version: string;
  patched_version: string | null;
  severity: string;
  title: string;
  reference: string;
};

/** Every finding of a batch's websites (SQL over `h`, see `findingsOf`), with its record's title and page. */
export const historyFindingsSelect = (generation: number): SQL =>
  sql`select h.website_id, h.vulnerability_id, h.type, h.slug, h.name, h.version, h.patched_version,
      h.severity, v.title, v.reference
    from h join vulnerabilities v on v.generation = ${generation} and v.id = h.vulnerability_id`;

/**
 * The open rows of the websites `ids`, each with whether its site's software is known (for core, its
 * WordPress version too): only then may a finding no longer found close.
 */
export const openRowsSql = (ids: number[]): SQL =>
  sql`select o.id, o.website_id, o.vulnerability_id, o.type, o.slug,
      (f.software_at is not null and (o.type <> ${CORE.type} or f.wordpress_version is not null)) as known
    from security_finding_history o join website_facts f on f.website_id = o.website_id
    where o.closed_at is null and ${amongIds(ids)(sql`o.website_id`)}`;

const findingKey = (f: { website_id: number; vulnerability_id: string; type: string; slug: string }) =>
  `${f.website_id}/${f.vulnerability_id}/${f.type}/${f.slug}`;

/**
 * One batch in one transaction: takes queued websites, reads their findings and their open rows, closes
 * each open row whose finding is no longer found (with the version installed then, or null when the
 * software went) on a site whose software is known, opens a row for each finding found with none open
 * (as it is now: title, severity, version, fix), then takes the websites off the queue. The comparison
 * is made here rather than by an anti-join in SQL: its cost is the batch's rows whatever the planner
 * believes of the tables, which right after a first run or a new feed it misjudges badly.
 */
async function historyBatch(
  ctx: Context,
  generation: number,
  size: number,
): Promise<{ opened: number; closed: number; took: number; found: number } | 'none queued' | 'stale'> {
  const ids = await takeQueued(ctx.db, 'history', size);
  if (ids.length === 0) return 'none queued';
  const found = await findingsOf<Found>(ctx, generation, ids, historyFindingsSelect(generation));
  if (found === null) return 'stale';
  const open = await rows<{
    id: number;
    website_id: number;
    vulnerability_id: string;
    type: string;
    slug: string;
    known: boolean;
  }>(ctx.db, openRowsSql(ids));
  const now = ctx.clock.now();
  const standing = new Set(found.map(findingKey));
  const gone = open.filter((o) => o.known && !standing.has(findingKey(o))).map((o) => Number(o.id));
  const closed = gone.length
    ? await rows<{ id: number }>(
        ctx.db,
        sql`update security_finding_history o set closed_at = ${now},
          closed_version = case when o.type = ${CORE.type} then f.wordpress_version
            else (select s.version from website_software s where s.website_id = o.website_id
              and s.type = o.type and s.slug = o.slug) end
        from website_facts f
        where o.id in ${idList(gone)} and o.closed_at is null and f.website_id = o.website_id
        returning o.id`,
      )
    : [];
  const isOpen = new Set(open.map(findingKey));
  const fresh = found.filter((f) => !isOpen.has(findingKey(f)));
  // One open row per finding (a unique index): a run elsewhere that opened it first wins.
  let opened = 0;
  for (const chunk of chunks(fresh, ROWS_PER_STATEMENT))
    opened += (
      await rows<{ id: number }>(
        ctx.db,
        sql`insert into security_finding_history (website_id, vulnerability_id, type, slug, name, title,
            severity, reference, opened_version, patched_version, opened_at)
          select x.website_id, x.vulnerability_id, x.type, x.slug, x.name, x.title, x.severity,
            x.reference, x.version, x.patched_version, ${now}
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(website_id int,
            vulnerability_id text, type text, slug text, name text, title text, severity text,
            reference text, version text, patched_version text)
          on conflict do nothing
          returning id`,
      )
    ).length;
  await done(ctx.db, 'history', ids);
  return { opened, closed: closed.length, took: ids.length, found: found.length };
}

/**
 * The first run, once the feed is first read, starts the history; a feed generation the history has
 * not seen queues every website (records may be new, changed or withdrawn).
 */
async function catchUp(services: Services, generation: number): Promise<void> {
  const seen = await withTransaction(services, async (ctx) => {
    await ctx.db
      .insert(securityFindingHistoryStart)
      .values({ id: 1, at: ctx.clock.now() })
      .onConflictDoNothing();
    return (await lockWatermark(ctx.db, 'history'))?.generation;
  });
  if (seen === generation) return;
  await analyzeFeed(services.db);
  await queueFleet(services.db, 'history');
  await saveWatermark(services.db, { job: 'history', generation });
}

/**
 * Brings the findings' history up to what stands now, every severity and dismissed or not: a finding
 * found open with no open row opens one; an open row whose finding is no longer found closes, but only
 * on a site whose software is known (a site no longer checked says nothing about its findings, so they
 * stay open). Looks only at the websites queued since the last run (see `queue.ts`), a batch per
 * transaction, each taken off the queue with what it wrote. Safe on several instances: each takes other
 * websites, one open row per finding, and closing twice writes the same.
 */
export async function recordFindingHistory(services: Services): Promise<{ opened: number; closed: number }> {
  const feed = await readFeedState(services);
  if (feed.generation === 0) return { opened: 0, closed: 0 };
  await catchUp(services, feed.generation);
  let opened = 0;
  let closed = 0;
  let size = HISTORY_FIRST_BATCH;
  for (;;) {
    const batch = await withTransaction(services, (ctx) => historyBatch(ctx, feed.generation, size));
    if (typeof batch === 'string') break;
    opened += batch.opened;
    closed += batch.closed;
    const perSite = batch.found / batch.took;
    size = Math.max(
      10,
      Math.min(HISTORY_SITES_PER_BATCH, Math.floor(FINDINGS_PER_TRANSACTION / Math.max(perSite, 1))),
    );
  }
  return { opened, closed };
}

/** After every match and feed read, beside the alerts: what opened or closed is dated within minutes. */
export const findingHistoryJob = (services: Services): JobSpec => ({
  name: FINDING_HISTORY_JOB.name,
  policy: 'stately',
  retryLimit: 3,
  expireInSeconds: 1800,
  run: () => recordFindingHistory(services),
});

/** When the findings' history began; null while it never ran (no vulnerability feed read yet). */
export async function findingHistorySince(ctx: Pick<Context, 'db'>): Promise<Date | null> {
  const [start] = await ctx.db.select().from(securityFindingHistoryStart);
  return start?.at ?? null;
}

const rank = (s: string) => SEVERITIES.indexOf(s as Severity);
type Software = ReportOpenFinding['software'];

/**
 * Each website's security over a period, from the history: the findings open at its end (one an Admin
 * had set aside then, by the dismissal standing now, is not open) and those closed during it. Only
 * recorded time counts: a period that ended before the history began is not measured, one that began
 * before it is measured only since then; a site whose software is not known reads "not checked".
 */
export async function findingsOverPeriod(
  ctx: Pick<Context, 'db'>,
  websiteIds: number[],
  period: { start: Date; end: Date },
): Promise<{ since: Date | null; sites: Map<number, ReportSecurity> }> {
  const since = await findingHistorySince(ctx);
  const sites = new Map<number, ReportSecurity>();
  if (websiteIds.length === 0) return { since, sites };
  const unmeasured = (): ReportSecurity => ({
    status: 'not-measured',
    reason: null,
    measuredFrom: null,
    measuredPartly: false,
    open: [],
    fixed: [],
  });
  if (since === null || since >= period.end) {
    for (const id of websiteIds) sites.set(id, unmeasured());
    return { since, sites };
  }
  const from = since > period.start ? since : period.start;
  const h = securityFindingHistory;
  const [facts, history] = await Promise.all([
    ctx.db.select().from(websiteFacts).where(inArray(websiteFacts.websiteId, websiteIds)),
    ctx.db
      .select({ h, dismissedAt: securityDismissals.dismissedAt })
      .from(h)
      .leftJoin(
        securityDismissals,
        and(
          eq(securityDismissals.websiteId, h.websiteId),
          eq(securityDismissals.vulnerabilityId, h.vulnerabilityId),
          eq(securityDismissals.type, h.type),
          eq(securityDismissals.slug, h.slug),
          lt(securityDismissals.dismissedAt, period.end),
          gt(securityDismissals.until, period.end),
        ),
      )
      .where(
        and(
          inArray(h.websiteId, websiteIds),
          lt(h.openedAt, period.end),
          or(isNull(h.closedAt), gte(h.closedAt, from)),
        ),
      )
      .orderBy(asc(h.closedAt), asc(h.id)),
  ]);
  const factsOf = new Map(facts.map((f) => [f.websiteId, f]));
  for (const id of websiteIds) {
    const reason = notCheckedReason(factsOf.get(id));
    sites.set(id, {
      status: reason === null ? 'measured' : 'not-checked',
      reason,
      measuredFrom: reason === null ? from.toISOString() : null,
      measuredPartly: reason === null && since > period.start,
      open: [],
      fixed: [],
    });
  }
  for (const { h: row, dismissedAt } of history) {
    const site = sites.get(row.websiteId)!;
    if (site.status !== 'measured') continue;
    const software = { type: row.type as Software['type'], slug: row.slug, name: row.name };
    const severity = row.severity as Severity;
    if (row.closedAt === null || row.closedAt >= period.end) {
      if (dismissedAt === null)
        site.open.push({
          vulnerabilityId: row.vulnerabilityId,
          title: row.title,
          severity,
          software,
          installedVersion: row.openedVersion,
          patchedVersion: row.patchedVersion,
          reference: row.reference,
          openedAt: row.openedAt.toISOString(),
        });
    } else {
      const fixed: ReportFixedFinding = {
        vulnerabilityId: row.vulnerabilityId,
        title: row.title,
        severity,
        software,
        installedVersion: row.openedVersion,
        closedVersion: row.closedVersion,
        fixedAt: row.closedAt.toISOString(),
        reference: row.reference,
      };
      site.fixed.push(fixed);
    }
  }
  for (const site of sites.values())
    site.open.sort((a, b) => rank(a.severity) - rank(b.severity) || a.title.localeCompare(b.title));
  return { since, sites };
}
