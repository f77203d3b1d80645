import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Incident } from '../../shared/incidents';
import { isScoped, websiteInScope } from '../core/scope';
import { clients, incidents, websites } from '../db/schema';
import type { Services } from '../services';

export type IncidentQuery = {
  status?: 'open' | 'resolved';
  websiteId?: number;
  clientId?: number;
  checkId?: number;
  limit: number;
};

/**
 * Incidents of our checks and of Better Uptime's monitors in one list, open ones first, then newest.
 * A server's incident counts its sites; filtering by a website or client also finds the server
 * incidents that took their sites in.
 */
export async function listIncidents(services: Services, q: IncidentQuery): Promise<Incident[]> {
  const { db, clock } = services;
  const children = sql<number>`(select count(*)::int from incidents c where c.parent_id = ${incidents.id})`;
  const rows = await db
    .select({
      incident: incidents,
      domain: websites.domain,
      clientId: clients.id,
      clientName: clients.name,
      children,
    })
    .from(incidents)
    .leftJoin(websites, eq(websites.id, incidents.websiteId))
    .leftJoin(clients, eq(clients.id, websites.clientId))
    .where(
      and(
        q.status === 'open'
          ? isNull(incidents.endedAt)
          : q.status === 'resolved'
            ? isNotNull(incidents.endedAt)
            : undefined,
        q.checkId ? eq(incidents.checkId, q.checkId) : undefined,
        q.websiteId
          ? sql`(${incidents.websiteId} = ${q.websiteId} or exists (select 1 from incidents c
              where c.parent_id = ${incidents.id} and c.website_id = ${q.websiteId}))`
          : undefined,
        q.clientId
          ? sql`(${websites.clientId} = ${q.clientId} or exists (select 1 from incidents c
              join websites cw on cw.id = c.website_id where c.parent_id = ${incidents.id} and cw.client_id = ${q.clientId}))`
          : undefined,
        // A person limited to chosen clients sees their websites' incidents, and a server's incident
        // that took one of them in.
        isScoped(services)
          ? sql`(${websiteInScope(services, sql`${incidents.websiteId}`)} or exists (select 1 from incidents c
              where c.parent_id = ${incidents.id} and ${websiteInScope(services, sql`c.website_id`)}))`
          : undefined,
      ),
    )
    .orderBy(sql`${incidents.endedAt} is null desc`, desc(incidents.startedAt), desc(incidents.id))
    .limit(q.limit);
  const now = clock.now();
  return rows.map(({ incident: i, domain, clientId, clientName, children: n }) => ({
    id: i.id,
    source: i.source as Incident['source'],
    status: i.endedAt ? 'resolved' : 'open',
    title: i.title,
    cause: i.cause,
    checkId: i.checkId,
    monitorId: i.monitorId,
    websiteId: i.websiteId,
    domain,
    serverId: i.serverId,
    parentId: i.parentId,
    children: Number(n),
    clientId,
    clientName,
    startedAt: i.startedAt.toISOString(),
    endedAt: i.endedAt?.toISOString() ?? null,
    endReason: i.endReason as Incident['endReason'],
    durationSeconds: Math.round(((i.endedAt ?? now).getTime() - i.startedAt.getTime()) / 1000),
    failures: i.failures,
  }));
}
