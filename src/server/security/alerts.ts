import { sql } from 'drizzle-orm';
import { SEVERITY_LABELS, type Severity } from '../../shared/security';
import { dispatchAlert } from '../alerts/dispatch';
import { withTransaction } from '../core/context';
import type { JobSpec } from '../core/jobs/engine';
import { rows } from '../core/sql';
import { securityAlerts, securityAlertsStart } from '../db/schema';
import type { Services } from '../services';
import { readFeedState } from '../vulnerabilities/import';
import { FINDINGS_ALERT_JOB } from '../vulnerabilities/match';
import { hits } from './fleet';

/** What alerts the channels: a finding this bad or worse. */
const ALERTED: Severity[] = ['critical', 'high'];

type NewFinding = {
  website_id: number;
  website_name: string;
  vulnerability_id: string;
  type: string;
  slug: string;
  name: string;
  version: string;
  patched_version: string | null;
  severity: Severity;
  title: string;
};

/**
 * Tells the alert channels (routed like incidents, by the clients' tags) of each open critical or high
 * finding once per site, vulnerability and installed version: one alert per website listing what is
 * new on it. The first run after the feed is first read records what stands without alerting (the
 * Security page shows it). Safe on several instances: a finding is alerted by whichever run records it.
 */
export async function alertNewFindings(services: Services): Promise<{ alerted: number; recorded: number }> {
  const feed = await readFeedState(services);
  if (feed.generation === 0) return { alerted: 0, recorded: 0 };
  const found = await rows<NewFinding>(
    services.db,
    sql`with h as (${hits(services, {}, feed.generation)})
      select h.website_id, w.name as website_name, h.vulnerability_id, h.type, h.slug, h.name, h.version,
        h.patched_version, h.severity, v.title
      from h join websites w on w.id = h.website_id
      join vulnerabilities v on v.generation = ${feed.generation} and v.id = h.vulnerability_id
      where not h.dismissed and h.severity in (${sql.join(
        ALERTED.map((s) => sql`${s}`),
        sql`, `,
      )})
        and not exists (select 1 from security_alerts a where a.website_id = h.website_id
          and a.vulnerability_id = h.vulnerability_id and a.type = h.type and a.slug = h.slug
          and a.version = h.version)
      order by w.id, array_position(array['critical', 'high']::text[], h.severity), v.title`,
  );
  return withTransaction(services, async (ctx) => {
    const now = ctx.clock.now();
    const started = await ctx.db
      .insert(securityAlertsStart)
      .values({ id: 1, at: now })
      .onConflictDoNothing()
      .returning({ id: securityAlertsStart.id });
    const quiet = started.length > 0;
    let alerted = 0;
    let recorded = 0;
    const bySite = new Map<number, NewFinding[]>();
    for (const f of found) bySite.set(f.website_id, [...(bySite.get(f.website_id) ?? []), f]);
    for (const [websiteId, findings] of bySite) {
      // Only what this run records is news: another instance's run may have taken some already.
      const taken = await ctx.db
        .insert(securityAlerts)
        .values(
          findings.map((f) => ({
            websiteId,
            vulnerabilityId: f.vulnerability_id,
            type: f.type,
            slug: f.slug,
            version: f.version,
            alerted: !quiet,
            at: now,
          })),
        )
        .onConflictDoNothing()
        .returning({
          vulnerabilityId: securityAlerts.vulnerabilityId,
          type: securityAlerts.type,
          slug: securityAlerts.slug,
          version: securityAlerts.version,
        });
      recorded += taken.length;
      const key = (f: { vulnerabilityId: string; type: string; slug: string; version: string }) =>
        `${f.vulnerabilityId}/${f.type}/${f.slug}/${f.version}`;
      const mine = new Set(taken.map(key));
      const news = findings.filter((f) => mine.has(key({ ...f, vulnerabilityId: f.vulnerability_id })));
      if (quiet || news.length === 0) continue;
      const site = news[0]!.website_name;
      await dispatchAlert(
        ctx,
        {
          event: 'vulnerability',
          key: `vulnerability:${websiteId}:${news.map((f) => key({ ...f, vulnerabilityId: f.vulnerability_id })).join(',')}`,
          title:
            news.length === 1
              ? `${site}: ${SEVERITY_LABELS[news[0]!.severity].toLowerCase()} vulnerability in ${news[0]!.name}`
              : `${site}: ${news.length} new critical or high vulnerabilities`,
          body: news
            .map(
              (f) =>
                `${SEVERITY_LABELS[f.severity]}: ${f.title} (${f.name} ${f.version}, ${
                  f.patched_version ? `fixed in ${f.patched_version}` : 'no fix published yet'
                })`,
            )
            .join('\n'),
          link: `/websites/internal/${websiteId}`,
          action: 'security.vulnerability',
        },
        { websiteIds: [websiteId] },
      );
      alerted += news.length;
    }
    return { alerted, recorded };
  });
}

/**
 * After every match (a new feed, the sites' new versions) and so every ten minutes at most: what is
 * new reaches the alert channels within minutes of being read.
 */
export const findingsAlertJob = (services: Services): JobSpec => ({
  name: FINDINGS_ALERT_JOB.name,
  policy: 'stately',
  retryLimit: 3,
  expireInSeconds: 1800,
  run: () => alertNewFindings(services),
});
