import { sql } from 'drizzle-orm';
import { recordActivity } from '../activity';
import type { Context } from '../core/context';
import { defineJob } from '../core/jobs/registry';
import { rowsOf } from '../core/sql';
import type { Db } from '../db/client';
import { alertDeliveries, type IncidentRow } from '../db/schema';
import { notifyTeam } from '../notifications';

/**
 * An alert about something: an incident going down or up, a certificate or a domain about to expire, a
 * known vulnerability newly found on a website, a website whose newest backup is too old (and backed up
 * again), an update that broke a site (rolled back, or not even that).
 */
export type AlertSubject = {
  event:
    | 'opened'
    | 'resolved'
    | 'certificate'
    | 'domain'
    | 'vulnerability'
    | 'backup_overdue'
    | 'backup_recovered'
    | 'update_rolled_back'
    | 'update_failed';
  /** Identifies what it is about, so each channel hears of it once (incident:12, cert:3:2027-01-01:14 …). */
  key: string;
  title: string;
  body: string;
  /** Path in the app it leads to. */
  link: string;
  /** Its line in the activity log (check.down, monitor.up, server.down, certificate.expiring …). */
  action: string;
};

export const DELIVER_JOB = defineJob<{ deliveryId: number }>('alert-deliver');
/** A channel that answered again sends what it missed (alerts/deliver.ts). */
export const FLUSH_JOB = defineJob<{ channelId: number }>('alert-flush');

/**
 * Sends an alert to every channel whose rules take it (all, or the clients' tags of the sites involved),
 * and tells the team in the bell and the activity log. Inside the caller's transaction: the deliveries
 * and their jobs exist exactly when what caused them does, and a unique index lets each channel have
 * each alert once, whichever instance gets here.
 */
export async function dispatchAlert(
  ctx: Context,
  subject: AlertSubject,
  about?: IncidentRow | { websiteIds: number[] },
): Promise<number> {
  const tx = ctx.db;
  const websiteIds = await websitesOf(tx, about);
  const channels = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select c.id from alert_channels c
      where c.enabled and (
        not exists (select 1 from alert_channel_tags r where r.channel_id = c.id)
        or exists (
          select 1 from alert_channel_tags r
          join client_tags ct on ct.tag_id = r.tag_id
          join websites w on w.client_id = ct.client_id
          where r.channel_id = c.id and w.id in ${idList(websiteIds)}))`),
  );
  const incidentId = about && 'id' in about ? about.id : null;
  const created = channels.length
    ? await tx
        .insert(alertDeliveries)
        .values(
          channels.map((c) => ({
            channelId: c.id,
            incidentId,
            event: subject.event,
            subjectKey: subject.key,
            title: subject.title,
            body: subject.body,
            link: subject.link,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: alertDeliveries.id })
    : [];
  for (const d of created) await ctx.jobs.send(DELIVER_JOB, { deliveryId: d.id }, { tx });
  const now = ctx.clock.now();
  const type = subject.event === 'resolved' || subject.event === 'backup_recovered' ? 'success' : 'warning';
  // A site that keeps going down and up is one entry in the bell and the log, counting its downs.
  const topic = topicOf(about);
  const down = subject.event === 'opened';
  await notifyTeam(
    { db: tx },
    {
      type,
      title: subject.title,
      message: subject.body.split('\n')[0]!,
      link: subject.link,
      topic,
      down,
      websiteIds,
    },
    now,
  );
  // About one website, its page (and its client's) lists it; a server's many sites are the server's news.
  const websiteId = websiteIds.length === 1 ? websiteIds[0] : null;
  await recordActivity(
    { db: tx, clock: ctx.clock, actor: undefined },
    {
      type,
      action: subject.action,
      message: subject.title,
      verbatim: true,
      link: subject.link,
      topic,
      down,
      websiteId,
    },
  );
  return created.length;
}

/** What keeps saying the same news: the check, monitor or server of an incident. */
function topicOf(about: IncidentRow | { websiteIds: number[] } | undefined): string | undefined {
  if (!about || !('source' in about)) return undefined;
  if (about.checkId) return `check:${about.checkId}`;
  if (about.monitorId) return `monitor:${about.monitorId}`;
  if (about.serverId && about.source === 'server') return `server:${about.serverId}`;
  return `incident:${about.id}`;
}

/** The websites an alert is about: the incident's, or its children's for a server's incident. */
async function websitesOf(tx: Db, about: IncidentRow | { websiteIds: number[] } | undefined) {
  if (!about) return [];
  if ('websiteIds' in about) return about.websiteIds;
  if (about.source !== 'server') return about.websiteId ? [about.websiteId] : [];
  const rows = rowsOf<{ website_id: number }>(
    await tx.execute(
      sql`select website_id from incidents where parent_id = ${about.id} and website_id is not null`,
    ),
  );
  return rows.map((r) => Number(r.website_id));
}

/** A literal id list for IN (numbers only); "(null)" when empty, which matches nothing. */
const idList = (ids: number[]) =>
  sql.raw(ids.length ? `(${ids.map((id) => Math.trunc(Number(id))).join(',')})` : '(null)');
