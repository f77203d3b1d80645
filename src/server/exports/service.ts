import { asc, sql } from 'drizzle-orm';
import type { WebsitesExportQuery } from '../../shared/exports';
import { riskLabel } from '../../shared/risk';
import { HEALTH_LABELS, HEALTH_SOURCE_LABELS } from '../../shared/websites';
import { clientInScope } from '../core/scope';
import { clients } from '../db/schema';
import { listIncidents } from '../incidents';
import { withRisk } from '../security';
import type { Services } from '../services';
import { type TaggableResource, taggableResources, tagsByResource } from '../tags';
import { monitoringOf, readWebsiteList } from '../websites';
import { type Cell, toCsv } from './csv';

const resource = (type: string) => taggableResources.find((r) => r.type === type) as TaggableResource;
const tagNames = (tags: { name: string }[] | undefined) => (tags ?? []).map((t) => t.name).join(', ');
const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The websites the Websites list shows, with its very filters and order, and every column it has:
 * client, server, health and its source, WordPress, PHP, what watches it and its 30-day uptime, and its
 * security risk (its worst open finding, or why it is not checked).
 */
export async function websitesCsv(services: Services, q: WebsitesExportQuery): Promise<string> {
  const views = await withRisk(services, await readWebsiteList(services, q));
  const watching = await monitoringOf(services, views);
  return toCsv(
    [
      'Domain',
      'Name',
      'Client',
      'Server',
      'Status',
      'Environment',
      'Provider',
      'Tags',
      'Added',
      'Health',
      'Health source',
      'Health since (UTC)',
      'WordPress',
      'PHP',
      'Monitor',
      'Uptime 30 days (%)',
      'Uptime measured from (UTC)',
      'Avg response (ms)',
      'Security risk',
      'Open findings',
      'Not checked because',
    ],
    views.map((v): Cell[] => {
      const m = watching.get(v.id);
      return [
        v.domain,
        v.name,
        v.client?.name ?? null,
        v.serverLabel ?? v.serverId,
        v.status,
        v.environment,
        v.integrationProvider,
        tagNames(v.tags),
        v.addedAt,
        HEALTH_LABELS[v.health.state],
        v.health.source ? HEALTH_SOURCE_LABELS[v.health.source] : null,
        v.health.since,
        v.wordpressVersion,
        v.phpVersion,
        m ? `${HEALTH_SOURCE_LABELS[m.source === 'check' ? 'check' : 'betteruptime']}: ${m.name}` : null,
        m?.uptime ?? null,
        // The uptime covers only measured time: from this moment on (empty when nothing was measured).
        m?.measuredFrom ?? null,
        m?.responseMs ?? null,
        riskLabel(v.risk),
        v.risk.checked ? v.risk.open : null,
        v.risk.reason,
      ];
    }),
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
    .where(clientInScope(services, sql`${clients.id}`))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
  const tags = await tagsByResource(
    { db },
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
