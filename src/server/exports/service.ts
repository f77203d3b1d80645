import { and, asc, eq, exists, ilike, or, sql } from 'drizzle-orm';
import type { WebsitesExportQuery } from '../../shared/exports';
import { clients, providerRecords, websites, websiteTags } from '../db/schema';
import { listIncidents } from '../incidents/service';
import type { Services } from '../services';
import { siteFilters } from '../sites/list';
import { type TaggableResource, taggableResources, tagsByResource } from '../tags/resources';
import { type Cell, toCsv } from './csv';

const resource = (type: string) => taggableResources.find((r) => r.type === type) as TaggableResource;
const tagNames = (tags: { name: string }[] | undefined) => (tags ?? []).map((t) => t.name).join(', ');
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The websites the Websites list shows with the same filters, with each one's client and server. */
export async function websitesCsv(services: Services, q: WebsitesExportQuery): Promise<string> {
  const { db } = services;
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select({
      site: websites,
      client: clients.name,
      server: sql<string | null>`${providerRecords.data}->>'name'`,
    })
    .from(websites)
    .leftJoin(clients, eq(clients.id, websites.clientId))
    .leftJoin(
      providerRecords,
      and(
        eq(providerRecords.provider, 'gridpane'),
        eq(providerRecords.kind, 'servers'),
        eq(providerRecords.externalId, websites.serverId),
      ),
    )
    .where(
      and(
        eq(websites.removed, false),
        like ? or(ilike(websites.domain, like), ilike(websites.name, like)) : undefined,
        q.serverId ? eq(websites.serverId, String(q.serverId)) : undefined,
        q.clientId ? eq(websites.clientId, q.clientId) : undefined,
        q.status || q.monitor
          ? sql`exists (select 1 from provider_records r where r.external_id = ${websites.providerSiteId}
              and ${websites.integrationProvider} = 'gridpane'
              and ${sql.join(siteFilters({ status: q.status, monitor: q.monitor }), sql` and `)})`
          : undefined,
        q.tagId
          ? exists(
              db
                .select({ one: sql`1` })
                .from(websiteTags)
                .where(and(eq(websiteTags.websiteId, websites.id), eq(websiteTags.tagId, q.tagId))),
            )
          : undefined,
      ),
    )
    .orderBy(asc(websites.domain));
  const tags = await tagsByResource(
    db,
    resource('websites'),
    rows.map((r) => r.site.id),
  );
  return toCsv(
    ['Domain', 'Name', 'Client', 'Server', 'Status', 'Environment', 'Provider', 'Tags', 'Added'],
    rows.map(({ site, client, server }): Cell[] => [
      site.domain,
      site.name,
      client,
      server ?? site.serverId,
      site.status,
      site.environment,
      site.integrationProvider,
      tagNames(tags.get(site.id)),
      iso(site.createdAt),
    ]),
  );
}

/** Every client, with tags and how many websites each has. */
export async function clientsCsv(services: Services): Promise<string> {
  const { db } = services;
  const rows = await db
    .select({
      client: clients,
      websites: sql<number>`(select count(*)::int from websites w where w.client_id = "clients"."id" and not w.removed)`,
    })
    .from(clients)
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
  const tags = await tagsByResource(
    db,
    resource('clients'),
    rows.map((r) => r.client.id),
  );
  return toCsv(
    ['Name', 'Company', 'Job title', 'Email', 'Phone', 'Status', 'Tags', 'Websites', 'Notes', 'Added'],
    rows.map(({ client: c, websites: n }): Cell[] => [
      c.name,
      c.company,
      c.jobTitle,
      c.email,
      c.phone,
      c.status,
      tagNames(tags.get(c.id)),
      Number(n),
      c.notes,
      iso(c.createdAt),
    ]),
  );
}

/** Incidents with the Incidents page's filters: open first, then newest. */
export async function incidentsCsv(
  services: Services,
  q: Parameters<typeof listIncidents>[1],
): Promise<string> {
  const list = await listIncidents(services, q);
  return toCsv(
    [
      'Id',
      'Status',
      'Source',
      'Title',
      'Cause',
      'Domain',
      'Client',
      'Server',
      'Started (UTC)',
      'Ended (UTC)',
      'Duration (minutes)',
    ],
    list.map((i): Cell[] => [
      i.id,
      i.status,
      i.source,
      i.title,
      i.cause,
      i.domain,
      i.clientName,
      i.serverId,
      i.startedAt,
      i.endedAt,
      i.durationSeconds === null ? null : Math.round(i.durationSeconds / 60),
    ]),
  );
}
