import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { ClientReport, ReportQuery } from '../../shared/reports';
import { backupsTakenOverPeriod, lastBackupsBefore } from '../backups';
import type { Context } from '../core/context';
import { notFound } from '../core/errors';
import { assertClientInScope } from '../core/scope';
import { rowsOf } from '../core/sql';
import type { Db } from '../db/client';
import { clients, incidents, maintenanceWindows, tasks, websites } from '../db/schema';
import { WEEK_MS } from '../maintenance';
import { findingsOverPeriod } from '../security';
import type { Services } from '../services';
import { getAgencySettings } from '../settings';
import { updatesOverPeriod } from '../updates';
import { readWebsites } from '../websites';
import { type ReportPeriod, reportPeriod } from './period';
import { uptimeFigures } from './uptime';

/** The client a report is of; one outside a limited person's clients is not found. */
export async function findClient(ctx: Pick<Context, 'db' | 'actor'>, id: number) {
  const { db } = ctx;
  assertClientInScope(ctx, id);
  const [client] = await db
    .select({ id: clients.id, name: clients.name, company: clients.company, email: clients.email })
    .from(clients)
    .where(eq(clients.id, id));
  if (!client) throw notFound('Client not found');
  return client;
}

/**
 * A client's report over whole days of the agency's time zone: for each of its websites, measured
 * uptime and response (with their source), incidents, maintenance windows, the versions at the
 * period's end, its last backup by then, the backups and updates Agency Hub ran, and its security
 * findings (open at the end, fixed during);
 * and the tasks completed.
 * Nothing is inferred: what was not measured is null or says so.
 */
export async function clientReport(
  services: Services,
  clientId: number,
  query: ReportQuery,
): Promise<ClientReport> {
  const { db } = services;
  const client = await findClient(services, clientId);
  const agency = await getAgencySettings({ db });
  const period = reportPeriod(query, agency.timeZone, services.clock.now());
  const sites = await readWebsites(services, { clientId });
  const ids = sites.map((s) => s.id);
  const [figures, siteIncidents, windows, versions, done, security, backups, taken, updates] =
    await Promise.all([
      uptimeFigures(services, sites, period),
      incidentsOf(db, ids, period, services.clock.now()),
      maintenanceOf(db, clientId, sites, period),
      versionsAt(db, ids, period.end),
      tasksCompleted(db, clientId, ids, period),
      findingsOverPeriod({ db }, ids, period),
      lastBackupsBefore(db, ids, period.end),
      backupsTakenOverPeriod(db, ids, period),
      updatesOverPeriod(db, ids, period),
    ]);
  return {
    client,
    // A document for the client's business: titled with its company, the person below it.
    title: client.company?.trim() || client.name,
    contact: client.company?.trim() ? client.name : null,
    agency: { name: agency.name, logoUrl: agency.logo?.url ?? null },
    from: period.from,
    to: period.to,
    timeZone: period.timeZone,
    websites: sites.map((s) => {
      const v = versions.get(s.id);
      return {
        websiteId: s.id,
        domain: s.domain,
        ...figures.get(s.id)!,
        incidents: siteIncidents.get(s.id) ?? [],
        maintenance: windows.get(s.id) ?? [],
        wordpressVersion: v?.wordpressVersion ?? null,
        phpVersion: v?.php ?? null,
        versionsSeenAt: v?.seenAt ?? null,
        lastBackupAt: backups.get(s.id)?.at ?? null,
        backupsReadAt: backups.get(s.id)?.readAt ?? null,
        backupsTaken: taken.get(s.id) ?? 0,
        updates: updates.get(s.id) ?? [],
        security: security.sites.get(s.id)!,
      };
    }),
    tasksCompleted: done,
    securitySince: security.since?.toISOString() ?? null,
  };
}

type Incidents = ClientReport['websites'][number]['incidents'];

/** Incidents of the sites that overlap the period, oldest first. */
async function incidentsOf(db: Db, ids: number[], period: ReportPeriod, now: Date) {
  const out = new Map<number, Incidents>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(incidents)
    .where(
      and(
        inArray(incidents.websiteId, ids),
        lt(incidents.startedAt, period.end),
        or(isNull(incidents.endedAt), sql`${incidents.endedAt} > ${period.start}`),
      ),
    )
    .orderBy(asc(incidents.startedAt), asc(incidents.id));
  // An incident still open is counted up to the period's end (or now): the same figure every time.
  const cap = Math.min(period.end.getTime(), now.getTime());
  for (const r of rows) {
    const end = r.endedAt ? r.endedAt.getTime() : Math.max(cap, r.startedAt.getTime());
    const list = out.get(r.websiteId!) ?? [];
    list.push({
      id: r.id,
      source: r.source as Incidents[number]['source'],
      title: r.title,
      cause: r.cause,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      durationSeconds: Math.round((end - r.startedAt.getTime()) / 1000),
    });
    out.set(r.websiteId!, list);
  }
  return out;
}

type Maintenance = ClientReport['websites'][number]['maintenance'];

/**
 * Maintenance windows that covered each site during the period (by the site, one of its checks, its
 * client or its server), each weekly occurrence on its own.
 */
async function maintenanceOf(
  db: Db,
  clientId: number,
  sites: { id: number; serverId: string | null }[],
  period: ReportPeriod,
) {
  const out = new Map<number, Maintenance>();
  if (sites.length === 0) return out;
  const ids = sites.map((s) => s.id);
  const servers = [...new Set(sites.map((s) => s.serverId).filter((s): s is string => s !== null))];
  const checkSites = rowsOf<{ id: number; website_id: number }>(
    await db.execute(
      sql`select id, website_id from checks where website_id in ${sql.raw(`(${ids.join(',')})`)}`,
    ),
  );
  const windows = await db
    .select()
    .from(maintenanceWindows)
    .where(
      and(
        lt(maintenanceWindows.startsAt, period.end),
        or(isNull(maintenanceWindows.endedAt), sql`${maintenanceWindows.endedAt} > ${period.start}`),
      ),
    )
    .orderBy(asc(maintenanceWindows.startsAt), asc(maintenanceWindows.id));
  for (const w of windows) {
    const covered = sites.filter(
      (s) =>
        w.websiteIds.includes(s.id) ||
        checkSites.some((c) => Number(c.website_id) === s.id && w.checkIds.includes(Number(c.id))) ||
        w.clientId === clientId ||
        (w.serverId !== null && servers.includes(w.serverId) && s.serverId === w.serverId),
    );
    if (covered.length === 0) continue;
    for (const occurrence of occurrences(w, period)) {
      for (const s of covered) {
        const list = out.get(s.id) ?? [];
        list.push(occurrence);
        out.set(s.id, list);
      }
    }
  }
  for (const list of out.values()) list.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
  return out;
}

/** The window's (weekly) occurrences that overlap the period, each cut short where it was ended early. */
function occurrences(w: typeof maintenanceWindows.$inferSelect, period: ReportPeriod): Maintenance {
  const length = w.durationMinutes * 60_000;
  const stop = Math.min(w.endedAt?.getTime() ?? Number.POSITIVE_INFINITY, period.end.getTime());
  const first = w.startsAt.getTime();
  let start = first;
  if (w.repeat === 'weekly' && first + length <= period.start.getTime()) {
    start = first + Math.floor((period.start.getTime() - first) / WEEK_MS) * WEEK_MS;
    if (start + length <= period.start.getTime()) start += WEEK_MS;
  }
  const out: Maintenance = [];
  for (; start < stop; start += WEEK_MS) {
    const end = Math.min(start + length, w.endedAt?.getTime() ?? Number.POSITIVE_INFINITY);
    if (end > period.start.getTime() && end > start) {
      out.push({
        id: w.id,
        reason: w.reason,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(end).toISOString(),
        durationMinutes: Math.round((end - start) / 60_000),
      });
    }
    if (w.repeat !== 'weekly') break;
  }
  return out;
}

/** Each site's WordPress and PHP versions as last seen before the period's end. */
async function versionsAt(db: Db, ids: number[], end: Date) {
  const out = new Map<number, { wordpressVersion: string | null; php: string | null; seenAt: string }>();
  if (ids.length === 0) return out;
  const rows = rowsOf<{
    website_id: number;
    seen_at: string | Date;
    wordpress_version: string | null;
    php: string | null;
  }>(
    await db.execute(sql`
      select distinct on (website_id) website_id, seen_at, wordpress_version, php
      from website_versions
      where website_id in ${sql.raw(`(${ids.join(',')})`)} and seen_at < ${end}
      order by website_id, seen_at desc`),
  );
  for (const r of rows) {
    out.set(Number(r.website_id), {
      wordpressVersion: r.wordpress_version,
      php: r.php,
      seenAt: new Date(r.seen_at).toISOString(),
    });
  }
  return out;
}

/** Tasks of the client or of its sites completed within the period, in the order they were done. */
async function tasksCompleted(db: Db, clientId: number, ids: number[], period: ReportPeriod) {
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      completedAt: tasks.completedAt,
      websiteId: tasks.websiteId,
      domain: websites.domain,
    })
    .from(tasks)
    .leftJoin(websites, eq(websites.id, tasks.websiteId))
    .where(
      and(
        eq(tasks.status, 'completed'),
        isNotNull(tasks.completedAt),
        gte(tasks.completedAt, period.start),
        lt(tasks.completedAt, period.end),
        ids.length
          ? or(eq(tasks.clientId, clientId), inArray(tasks.websiteId, ids))
          : eq(tasks.clientId, clientId),
      ),
    )
    .orderBy(asc(tasks.completedAt), asc(tasks.id));
  return rows.map((r) => ({ ...r, completedAt: r.completedAt!.toISOString() }));
}
