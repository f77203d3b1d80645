import { createHash } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { SEVERITY_LABELS, type Severity } from '../../shared/security';
import { dispatchAlert } from '../alerts';
import { type Context, withTransaction } from '../core/context';
import { defineJob, type JobSpec } from '../core/jobs/engine';
import { rows } from '../core/sql';
import { securityAlertsStart, securityWatermarks } from '../db/schema';
import type { Services } from '../services';
import { securityAlertMode } from '../settings';
import { FINDINGS_ALERT_JOB, readFeedState } from '../vulnerabilities';
import { hitsOf, minuteOf } from './hits';
import {
  amongIds,
  analyzeFeed,
  checkedAmong,
  chunks,
  done,
  findingsOf,
  lockWatermark,
  queueFleet,
  queueWebsites,
  ROWS_PER_STATEMENT,
  saveWatermark,
  takeQueued,
} from './queue';

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
 * Websites looked at per transaction at most: one statement reads their findings (at 100 plugins a
 * website, about 250 ms on the embedded database), then the transaction records what is new.
 */
export const ALERT_SITES_PER_BATCH = 200;
/**
 * Websites alerted per transaction at most: each alert writes its deliveries, the bell and the log. When
 * more of a batch's websites have news, the rest stay queued, and the next batches take only as many
 * websites as this one finished until a batch needs no cut (a feed that makes most of the fleet news
 * is not read again and again for 15 websites at a time).
 */
const ALERTS_PER_TRANSACTION = 15;

type Key = { website_id: number; vulnerability_id: string; type: string; slug: string; version: string };

const keyOf = (f: Omit<Key, 'website_id'>) => `${f.vulnerability_id}/${f.type}/${f.slug}/${f.version}`;

/**
 * The open, critical or high findings of a batch's websites that are not set aside (SQL over `h`, see
 * `findingsOf`), ordered by website, worst first.
 */
export const alertableSelect = (generation: number): SQL =>
  sql`select h.website_id, w.name as website_name, h.vulnerability_id, h.type, h.slug, h.name, h.version,
      h.patched_version, h.severity, v.title
    from h join websites w on w.id = h.website_id
    join vulnerabilities v on v.generation = ${generation} and v.id = h.vulnerability_id
    where not h.dismissed and h.severity in (${severityList})
    order by w.id, array_position(array['critical', 'high']::text[], h.severity), v.title`;

/** What was recorded on the websites `ids` (every version): by website, a few rows each. */
export const recordedSql = (ids: number[]): SQL =>
  sql`select a.website_id, a.vulnerability_id, a.type, a.slug, a.version from security_alerts a
    where ${amongIds(ids)(sql`a.website_id`)}`;

/**
 * Brings the alerts' queue up to what no trigger marks, and says whether this is the first look at the
 * feed (recorded without alerting). The first run ever starts the alerts quiet; a feed generation the
 * alerts have not seen queues every website (its records, severities and fixes may all be new); a
 * dismissal that ended since the last run queues its website.
 */
async function catchUp(services: Services, generation: number): Promise<boolean> {
  const { seen, quiet } = await withTransaction(services, async (ctx) => {
    const now = ctx.clock.now();
    const started = await ctx.db
      .insert(securityAlertsStart)
      .values({ id: 1, at: now })
      .onConflictDoNothing()
      .returning({ id: securityAlertsStart.id });
    const mark = await lockWatermark(ctx.db, 'alerts');
    // Quiet from the first run until every website queued then has been looked at, across runs.
    const quiet = started.length > 0 || (mark?.quiet ?? false);
    const minute = minuteOf(ctx);
    // A finding set aside until a day is news again once that day comes: no row changes then.
    if (mark?.dismissalsAt)
      await queueWebsites(
        ctx.db,
        'alerts',
        sql`select d.website_id from security_dismissals d
          where d.until > ${mark.dismissalsAt} and d.until <= ${minute}`,
      );
    await saveWatermark(ctx.db, {
      job: 'alerts',
      generation: mark?.generation ?? 0,
      quiet,
      dismissalsAt: minute,
    });
    return { seen: mark?.generation ?? 0, quiet };
  });
  if (seen !== generation) {
    await analyzeFeed(services.db);
    await queueFleet(services.db, 'alerts');
    await services.db
      .update(securityWatermarks)
      .set({ generation })
      .where(eq(securityWatermarks.job, 'alerts'));
  }
  return quiet;
}

/**
 * A batch's work and how many websites it finished (fewer than it took when it had more news than one
 * transaction sends); `stale`: the feed moved on under it (the new generation queues everything again).
 */
type BatchOutcome =
  | { alerted: number; recorded: number; took: number; finished: number }
  | 'none queued'
  | 'stale';

/**
 * One batch in one transaction: takes queued websites, reads their new findings, records them (once
 * per site, vulnerability and installed version: whichever run records a finding alerts it) and sends
 * each website's news as one alert, then takes the websites off the queue. A crash before the commit
 * leaves them queued and nothing recorded; after it, recorded and alerted once.
 */
async function alertBatch(
  ctx: Context,
  generation: number,
  mode: { quiet: boolean; digest: boolean },
  size: number,
): Promise<BatchOutcome> {
  const ids = await takeQueued(ctx.db, 'alerts', size);
  if (ids.length === 0) return 'none queued';
  const alertable = await findingsOf<NewFinding>(ctx, generation, ids, alertableSelect(generation));
  if (alertable === null) return 'stale';
  // Compared here, not by an anti-join: its cost stays the batch's rows whatever the planner believes
  // of a table that grew during the run.
  const recorded = new Set(
    (await rows<Key>(ctx.db, recordedSql(ids))).map((r) => `${r.website_id}:${keyOf(r)}`),
  );
  let found = alertable.filter((f) => !recorded.has(`${f.website_id}:${keyOf(f)}`));
  let finished = ids;
  const sends = !mode.quiet && !mode.digest;
  if (sends) {
    const news = [...new Set(found.map((f) => f.website_id))];
    if (news.length > ALERTS_PER_TRANSACTION) {
      // Ordered by website: the first ones are done now, the rest (and their findings) next time.
      const last = news[ALERTS_PER_TRANSACTION - 1]!;
      finished = ids.filter((id) => id <= last);
      found = found.filter((f) => f.website_id <= last);
    }
  }
  const now = ctx.clock.now();
  // Only what this batch records is news: another instance's run may have taken some already.
  const taken: Key[] = [];
  for (const chunk of chunks(found, ROWS_PER_STATEMENT))
    taken.push(
      ...(await rows<Key>(
        ctx.db,
        sql`insert into security_alerts (website_id, vulnerability_id, type, slug, version, alerted, digest_due, at)
          select x.website_id, x.vulnerability_id, x.type, x.slug, x.version, ${sends}, ${mode.digest}, ${now}
          from jsonb_to_recordset(${JSON.stringify(
            chunk.map((f) => ({
              website_id: f.website_id,
              vulnerability_id: f.vulnerability_id,
              type: f.type,
              slug: f.slug,
              version: f.version,
            })),
          )}::jsonb) as x(website_id int, vulnerability_id text, type text, slug text, version text)
          on conflict do nothing
          returning website_id, vulnerability_id, type, slug, version`,
      )),
    );
  const mine = new Set(taken.map((t) => `${t.website_id}:${keyOf(t)}`));
  let alerted = 0;
  if (sends) {
    const bySite = new Map<number, NewFinding[]>();
    for (const f of found)
      if (mine.has(`${f.website_id}:${keyOf(f)}`))
        bySite.set(f.website_id, [...(bySite.get(f.website_id) ?? []), f]);
    for (const [websiteId, news] of bySite) {
      const site = news[0]!.website_name;
      await dispatchAlert(
        ctx,
        {
          event: 'vulnerability',
          key: `vulnerability:${websiteId}:${news.map(keyOf).join(',')}`,
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
  }
  await done(ctx.db, 'alerts', finished);
  return { alerted, recorded: taken.length, took: ids.length, finished: finished.length };
}

/**
 * Tells the alert channels (routed like incidents, by the clients' tags) of each open critical or high
 * finding once per site, vulnerability and installed version: one alert per website listing what is
 * new on it. The first run after the feed is first read records what stands without alerting (the
 * Security page shows it). When the agency chose a daily digest, what is new is recorded as due for it
 * instead (`sendFindingsDigest`). Looks only at the websites queued since the last run (see
 * `queue.ts`), a batch per transaction, so a run after nothing changed reads next to nothing and none
 * holds the database for long. Safe on several instances: each takes other websites, and a finding is
 * alerted by whichever run records it.
 */
export async function alertNewFindings(services: Services): Promise<{ alerted: number; recorded: number }> {
  const feed = await readFeedState(services);
  if (feed.generation === 0) return { alerted: 0, recorded: 0 };
  const quiet = await catchUp(services, feed.generation);
  // In digest mode what is new waits for the daily digest, which sends what is still open then.
  const digest = !quiet && (await securityAlertMode(services)) === 'digest';
  let alerted = 0;
  let recorded = 0;
  let size = ALERT_SITES_PER_BATCH;
  for (;;) {
    const batch = await withTransaction(services, (ctx) =>
      alertBatch(ctx, feed.generation, { quiet, digest }, size),
    );
    if (typeof batch === 'string') break;
    alerted += batch.alerted;
    recorded += batch.recorded;
    size =
      batch.finished < batch.took
        ? Math.max(batch.finished, ALERTS_PER_TRANSACTION)
        : Math.min(size * 2, ALERT_SITES_PER_BATCH);
  }
  // The first look is over once everything queued then has been looked at.
  if (quiet)
    await services.db.execute(sql`update security_watermarks set quiet = false
      where job = 'alerts' and quiet and not exists (select 1 from security_pending where job = 'alerts')`);
  return { alerted, recorded };
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
  const withDue = (column: SQL) =>
    sql`${column} in (select a.website_id from security_alerts a where a.digest_due)`;
  return withTransaction(services, async (ctx) => {
    const taken = await rows<DueFinding & { open: boolean }>(
      ctx.db,
      // Only the websites with findings due are read: the digest is a statement about them, never the fleet.
      sql`with h as (${hitsOf(ctx, checkedAmong(ctx, withDue), feed.generation, withDue)}),
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
