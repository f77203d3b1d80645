import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
import { hits } from './fleet';

/**
 * Brings the findings' history up to what stands now, every severity and dismissed or not: a finding
 * found open with no open row opens one (as it is now: title, severity, version, fix); an open row
 * whose finding is no longer found closes, with the version installed then, but only on a site whose
 * software is known (a site no longer checked says nothing about its findings, so they stay open).
 * The first run, once the feed is first read, starts the history. Safe on several instances: one open
 * row per finding, and closing twice writes the same.
 */
export async function recordFindingHistory(services: Services): Promise<{ opened: number; closed: number }> {
  const feed = await readFeedState(services);
  if (feed.generation === 0) return { opened: 0, closed: 0 };
  const found = hits(services, {}, feed.generation);
  return withTransaction(services, async (ctx) => {
    const now = ctx.clock.now();
    await ctx.db.insert(securityFindingHistoryStart).values({ id: 1, at: now }).onConflictDoNothing();
    const closed = await rows<{ id: number }>(
      ctx.db,
      sql`with h as (${found})
        update security_finding_history o set closed_at = ${now},
          closed_version = case when o.type = ${CORE.type} then f.wordpress_version
            else (select s.version from website_software s where s.website_id = o.website_id
              and s.type = o.type and s.slug = o.slug) end
        from website_facts f
        where o.closed_at is null and f.website_id = o.website_id and f.software_at is not null
          and (o.type <> ${CORE.type} or f.wordpress_version is not null)
          and not exists (select 1 from h where h.website_id = o.website_id
            and h.vulnerability_id = o.vulnerability_id and h.type = o.type and h.slug = o.slug)
        returning o.id`,
    );
    const opened = await rows<{ id: number }>(
      ctx.db,
      sql`with h as (${found})
        insert into security_finding_history (website_id, vulnerability_id, type, slug, name, title,
          severity, reference, opened_version, patched_version, opened_at)
        select h.website_id, h.vulnerability_id, h.type, h.slug, h.name, v.title, h.severity, v.reference,
          h.version, h.patched_version, ${now}
        from h join vulnerabilities v on v.generation = ${feed.generation} and v.id = h.vulnerability_id
        where not exists (select 1 from security_finding_history o where o.closed_at is null
          and o.website_id = h.website_id and o.vulnerability_id = h.vulnerability_id
          and o.type = h.type and o.slug = h.slug)
        on conflict do nothing
        returning id`,
    );
    return { opened: opened.length, closed: closed.length };
  });
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
