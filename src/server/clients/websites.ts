import { eq } from 'drizzle-orm';
import type { ClientWebsite } from '../../shared/clients';
import { recordActivity } from '../activity';
import { withTransaction } from '../core/context';
import { AppError, badRequest, notFound } from '../core/errors';
import { assertClientInScope, clientAllowed, isScoped } from '../core/scope';

/** A person limited to chosen clients cannot take a website from its client: it would leave their clients. */
const SCOPED_CANNOT_UNASSIGN =
  'You work on chosen clients only: a website taken from its client would leave them. Give it to another of your clients, or ask an Admin.';

import { clients } from '../db/schema';
import { withRisk } from '../security';
import type { Services } from '../services';
import { monitoringOf, readWebsites, setWebsitesClient } from '../websites';

const _DAY_MS = 86_400_000;
const _round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

async function clientName(services: Services, id: number): Promise<string> {
  assertClientInScope(services, id);
  const [row] = await services.db.select({ name: clients.name }).from(clients).where(eq(clients.id, id));
  if (!row) throw notFound('Client not found');
  return row.name;
}

/**
 * Every website of a client with what its page shows: status and health (from the one website read
 * model, so this page and the lists agree), how it is watched with 30-day uptime and response time,
 * PHP and WordPress versions, server. A handful of queries whatever the fleet's size.
 */
export async function listClientWebsites(services: Services, clientId: number): Promise<ClientWebsite[]> {
  await clientName(services, clientId);
  const views = await readWebsites(services, { clientId, removed: 'include' });
  const watching = await monitoringOf(services, views);
  const rows = views.map((v) => ({
    id: v.id,
    name: v.name,
    domain: v.domain,
    status: v.status,
    environment: v.environment,
    removed: v.removed,
    serverId: v.serverId,
    serverLabel: v.serverLabel,
    health: v.health,
    monitoring: watching.get(v.id) ?? null,
    wordpressVersion: v.wordpressVersion,
    phpVersion: v.phpVersion,
  }));
  return withRisk(services, rows);
}

/** Gives websites to a client (each leaves its previous one). Unknown ids are a 400 naming them; nothing changes then. */
export async function assignWebsites(
  services: Services,
  clientId: number,
  websiteIds: number[],
): Promise<{ assigned: number }> {
  const name = await clientName(services, clientId);
  const ids = [...new Set(websiteIds)];
  return withTransaction(services, async (tx) => {
    const found = await setWebsitesClient(tx, ids, clientId);
    if (found.length !== ids.length) {
      // Unknown ids: nothing changes (the transaction rolls back) and the answer names them.
      const known = new Set(found.map((f) => f.id));
      const missing = ids.filter((id) => !known.has(id));
      throw badRequest(`No website with id ${missing.slice(0, 5).join(', ')}`, {
        websiteIds: [`Unknown website id: ${missing.slice(0, 5).join(', ')}`],
      });
    }
    await recordActivity(tx, {
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
): Promise<{ websiteId: number; client: { id: number; name: string } | null }> {
  if (clientId === null && isScoped(services)) throw new AppError(403, 'forbidden', SCOPED_CANNOT_UNASSIGN);
  const name = clientId === null ? null : await clientNameOr400(services, clientId);
  await withTransaction(services, async (tx) => {
    const [row] = await setWebsitesClient(tx, [websiteId], clientId);
    if (!row) throw notFound('Website not found');
    await recordActivity(tx, {
      type: 'info',
      action: clientId === null ? 'website.client.cleared' : 'website.client.set',
      message: clientId === null ? `removed ${row.domain} from its client` : `gave ${row.domain} to ${name}`,
      link: `/websites/internal/${websiteId}`,
      clientId,
      websiteId,
    });
  });
  return { websiteId, client: clientId === null ? null : { id: clientId, name: name! } };
}

/** A client named in a body that does not exist is the caller's mistake (400), not a missing page (404). */
async function clientNameOr400(services: Services, id: number): Promise<string> {
  if (!clientAllowed(services, id))
    throw badRequest('That client does not exist', { clientId: ['No client with this id'] });
  const [row] = await services.db.select({ name: clients.name }).from(clients).where(eq(clients.id, id));
  if (!row) throw badRequest('That client does not exist', { clientId: ['No client with this id'] });
  return row.name;
}
