import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ClientWebsite, WebsiteMonitoring } from '../../shared/clients';
import { type Actor, recordActivity } from '../activity/service';
import { availability, uptimePercent } from '../checks/results';
import { checks, clients, providerRecords, websiteFacts, websites } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { monitorsByDomain } from '../monitors/by-domain';
import type { Services } from '../services';

const DAY_MS = 86_400_000;
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

async function clientName(services: Services, id: number): Promise<string> {
  const [row] = await services.db.select({ name: clients.name }).from(clients).where(eq(clients.id, id));
  if (!row) throw notFound('Client not found');
  return row.name;
}

/**
 * Every website of a client with what its page shows: status, how it is watched (our check first,
 * else a Better Uptime monitor on its domain) with 30-day uptime and response time, PHP and WordPress
 * versions, server. A handful of queries whatever the fleet's size.
 */
export async function listClientWebsites(services: Services, clientId: number): Promise<ClientWebsite[]> {
  const { db } = services;
  await clientName(services, clientId);
  const rows = await db
    .select({
      id: websites.id,
      name: websites.name,
      domain: websites.domain,
      status: websites.status,
      environment: websites.environment,
      removed: websites.removed,
      serverId: websites.serverId,
      serverLabel: sql<string | null>`${providerRecords.data}->>'label'`,
      hostPhp: websiteFacts.hostPhp,
      php: websiteFacts.php,
      wordpressVersion: websiteFacts.wordpressVersion,
    })
    .from(websites)
    .leftJoin(
      providerRecords,
      and(
        eq(providerRecords.provider, 'gridpane'),
        eq(providerRecords.kind, 'servers'),
        eq(providerRecords.externalId, websites.serverId),
      ),
    )
    .leftJoin(websiteFacts, eq(websiteFacts.websiteId, websites.id))
    .where(eq(websites.clientId, clientId))
    .orderBy(asc(websites.removed), asc(websites.domain));
  const watching = await monitoringOf(
    services,
    rows.map((r) => ({ id: r.id, domain: r.domain })),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    domain: r.domain,
    status: r.status,
    environment: r.environment,
    removed: r.removed,
    serverId: r.serverId,
    serverLabel: r.serverLabel,
    monitoring: watching.get(r.id) ?? null,
    wordpressVersion: r.wordpressVersion,
    phpVersion: r.php ?? r.hostPhp,
  }));
}

/** How each website is watched: its own check (the oldest), else a Better Uptime monitor on its domain. */
export async function monitoringOf(
  services: Services,
  sites: { id: number; domain: string }[],
): Promise<Map<number, WebsiteMonitoring>> {
  const out = new Map<number, WebsiteMonitoring>();
  if (sites.length === 0) return out;
  const now = services.clock.now();
  const own = await services.db
    .select()
    .from(checks)
    .where(
      inArray(
        checks.websiteId,
        sites.map((s) => s.id),
      ),
    )
    .orderBy(asc(checks.id));
  const first = new Map<number, (typeof own)[number]>();
  for (const c of own) if (!first.has(c.websiteId!)) first.set(c.websiteId!, c);
  const measured = await availability(
    services.db,
    [...first.values()].map((c) => c.id),
    new Date(now.getTime() - 30 * DAY_MS),
    now,
  );
  for (const [websiteId, c] of first) {
    const a = measured.get(c.id);
    out.set(websiteId, {
      source: 'check',
      id: String(c.id),
      name: c.name,
      status: c.paused ? 'paused' : c.status,
      uptime: round2(uptimePercent(a)),
      responseMs: a?.responses ? Math.round(a.responseMsSum / a.responses) : c.lastResponseMs,
    });
  }
  const rest = sites.filter((s) => !out.has(s.id));
  const monitors = await monitorsByDomain(
    services.db,
    rest.map((s) => s.domain),
  );
  for (const s of rest) {
    const m = monitors.get(s.domain);
    if (!m) continue;
    out.set(s.id, {
      source: 'monitor',
      id: m.id,
      name: m.name,
      status: m.status,
      uptime: round2(m.figures?.uptime ?? null),
      responseMs: m.figures?.avgResponseMs ?? null,
    });
  }
  return out;
}

/** Gives websites to a client (each leaves its previous one). Unknown ids are a 400 naming them; nothing changes then. */
export async function assignWebsites(
  services: Services,
  clientId: number,
  websiteIds: number[],
  actor?: Actor,
): Promise<{ assigned: number }> {
  const name = await clientName(services, clientId);
  const ids = [...new Set(websiteIds)];
  return services.db.transaction(async (tx) => {
    const found = await tx.select({ id: websites.id }).from(websites).where(inArray(websites.id, ids));
    if (found.length !== ids.length) {
      const known = new Set(found.map((f) => f.id));
      const missing = ids.filter((id) => !known.has(id));
      throw badRequest(`No website with id ${missing.slice(0, 5).join(', ')}`, {
        websiteIds: [`Unknown website id: ${missing.slice(0, 5).join(', ')}`],
      });
    }
    await tx
      .update(websites)
      .set({ clientId, updatedAt: services.clock.now() })
      .where(inArray(websites.id, ids));
    await recordActivity(tx, actor, {
      type: 'info',
      action: 'client.websites.assigned',
      message: `gave ${ids.length === 1 ? '1 website' : `${ids.length} websites`} to ${name}`,
      link: `/clients/${clientId}`,
      clientId,
    });
    return { assigned: ids.length };
  });
}

/** Sets or clears the one client of a website. */
export async function setWebsiteClient(
  services: Services,
  websiteId: number,
  clientId: number | null,
  actor?: Actor,
): Promise<{ websiteId: number; client: { id: number; name: string } | null }> {
  const name = clientId === null ? null : await clientNameOr400(services, clientId);
  const [row] = await services.db
    .update(websites)
    .set({ clientId, updatedAt: services.clock.now() })
    .where(eq(websites.id, websiteId))
    .returning({ domain: websites.domain });
  if (!row) throw notFound('Website not found');
  await recordActivity(services.db, actor, {
    type: 'info',
    action: clientId === null ? 'website.client.cleared' : 'website.client.set',
    message: clientId === null ? `removed ${row.domain} from its client` : `gave ${row.domain} to ${name}`,
    link: `/websites/internal/${websiteId}`,
    clientId,
    websiteId,
  });
  return { websiteId, client: clientId === null ? null : { id: clientId, name: name! } };
}

/** A client named in a body that does not exist is the caller's mistake (400), not a missing page (404). */
async function clientNameOr400(services: Services, id: number): Promise<string> {
  const [row] = await services.db.select({ name: clients.name }).from(clients).where(eq(clients.id, id));
  if (!row) throw badRequest('That client does not exist', { clientId: ['No client with this id'] });
  return row.name;
}
