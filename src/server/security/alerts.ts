import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SEVERITY_LABELS, type Severity } from '../../shared/security';
import { dispatchAlert } from '../alerts';
import { withTransaction } from '../core/context';
import { defineJob, type JobSpec } from '../core/jobs/engine';
import { rows } from '../core/sql';
import { securityAlerts, securityAlertsStart } from '../db/schema';
import type { Services } from '../services';
import { securityAlertMode } from '../settings';
import { FINDINGS_ALERT_JOB, readFeedState } from '../vulnerabilities';
import { hits } from './fleet';

/** What alerts the channels: a finding this bad or worse. */
const ALERTED: Severity[] = ['critical', 'high'];
const severityList = sql.join(
  ALERTED.map((s) => sql`${s}`),
  sql`, `,
);

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

/** One finding as an alert lists it: severity, title, the software and version, and its fix. */
const lineOf = (f: Pick<NewFinding, 'severity' | 'title' | 'name' | 'version' | 'patched_version'>) =>
  `${SEVERITY_LABELS[f.severity]}: ${f.title} (${f.name} ${f.version}, ${
    f.patched_version ? `fixed in ${f.patched_version}` : 'no fix published yet'
  })`;

/**
 * Tells the alert channels (routed like incidents, by the clients' tags) of each open critical or high
 * finding once per site, vulnerability and installed version: one alert per website listing what is
 * new on it. The first run after the feed is first read records what stands without alerting (the
 * Security page shows it). When the agency chose a daily digest, what is new is recorded as due for it
 * instead (`sendFindingsDigest`). Safe on several instances: a finding is alerted by whichever run
 * records it.
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
      where not h.dismissed and h.severity in (${severityList})
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
    // In digest mode what is new waits for the daily digest, which sends what is still open then.
    const digest = !quiet && (await securityAlertMode(ctx)) === 'digest';
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
            alerted: !quiet && !digest,
            digestDue: digest,
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
      if (quiet || digest || news.length === 0) continue;
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
          body: news.map(lineOf).join('\n'),
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

/** Sends the day's digest of new critical and high findings, one alert per client. */
export const FINDINGS_DIGEST_JOB = defineJob<object, { sent: number; findings: number; dropped: number }>(
  'security-alerts-digest',
);

type DueFinding = NewFinding & { client_id: number | null; client_name: string | null };

/**
 * Sends every finding due for the digest that is still open, critical or high and not dismissed: one
 * alert per client (the sites without a client together), listing each of its sites with its new
 * findings, routed by that client's tags. A finding fixed, dismissed or no longer critical or high by
 * then is left out and done with. Runs daily whatever the mode, so findings that wait when the agency
 * goes back to alerts as they are found go out with the next digest. Safe on several instances: a run
 * takes the due rows in its transaction (a second run waits for it, then finds none due).
 */
export async function sendFindingsDigest(
  services: Services,
): Promise<{ sent: number; findings: number; dropped: number }> {
  const feed = await readFeedState(services);
  if (feed.generation === 0) return { sent: 0, findings: 0, dropped: 0 };
  return withTransaction(services, async (ctx) => {
    const taken = await rows<DueFinding & { open: boolean }>(
      ctx.db,
      sql`with h as (${hits(services, {}, feed.generation)}),
        due as (
          update security_alerts a set digest_due = false,
            alerted = exists (select 1 from h where h.website_id = a.website_id
              and h.vulnerability_id = a.vulnerability_id and h.type = a.type and h.slug = a.slug
              and h.version = a.version and not h.dismissed and h.severity in (${severityList}))
          where a.digest_due
          returning a.website_id, a.vulnerability_id, a.type, a.slug, a.version, a.alerted)
      select due.website_id, w.name as website_name, due.vulnerability_id, due.type, due.slug,
        due.version, due.alerted as open, h.name, h.patched_version, h.severity, v.title,
        c.id as client_id, c.name as client_name
      from due join websites w on w.id = due.website_id
      left join clients c on c.id = w.client_id
      left join h on due.alerted and h.website_id = due.website_id
        and h.vulnerability_id = due.vulnerability_id and h.type = due.type and h.slug = due.slug
        and h.version = due.version
      left join vulnerabilities v on v.generation = ${feed.generation} and v.id = due.vulnerability_id
      order by c.name nulls last, c.id, w.name, w.id,
        array_position(array['critical', 'high']::text[], h.severity), v.title`,
    );
    const open = taken.filter((f) => f.open);
    const byClient = new Map<number | null, DueFinding[]>();
    for (const f of open) byClient.set(f.client_id, [...(byClient.get(f.client_id) ?? []), f]);
    for (const [clientId, findings] of byClient) {
      const bySite = new Map<number, DueFinding[]>();
      for (const f of findings) bySite.set(f.website_id, [...(bySite.get(f.website_id) ?? []), f]);
      const who = clientId === null ? 'Sites without a client' : findings[0]!.client_name!;
      const count = findings.length;
      const sites = bySite.size;
      // The findings it lists name the digest: each channel has it once, another day's is another one.
      const digest = createHash('sha256')
        .update(
          findings
            .map((f) => `${f.website_id}/${f.vulnerability_id}/${f.type}/${f.slug}/${f.version}`)
            .join(','),
        )
        .digest('hex')
        .slice(0, 16);
      await dispatchAlert(
        ctx,
        {
          event: 'vulnerability',
          key: `vulnerability-digest:${clientId ?? 'none'}:${digest}`,
          title: `${who}: ${count} new critical or high ${count === 1 ? 'vulnerability' : 'vulnerabilities'} on ${sites} ${sites === 1 ? 'site' : 'sites'}`,
          body: [...bySite.values()]
            .map((list) => [list[0]!.website_name, ...list.map((f) => `  ${lineOf(f)}`)].join('\n'))
            .join('\n\n'),
          link: clientId === null ? '/security' : `/security?client=${clientId}`,
          action: 'security.vulnerability_digest',
        },
        { websiteIds: [...bySite.keys()] },
      );
    }
    return { sent: byClient.size, findings: open.length, dropped: taken.length - open.length };
  });
}

/** Once a day, at 07:00 UTC: the findings that waited for the digest reach the alert channels. */
export const findingsDigestJob = (services: Services): JobSpec => ({
  name: FINDINGS_DIGEST_JOB.name,
  policy: 'stately',
  cron: '0 7 * * *',
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 1800,
  expireInSeconds: 1800,
  run: () => sendFindingsDigest(services),
});
