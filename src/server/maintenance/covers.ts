import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MaintenanceCovers } from '../../shared/maintenance';
import type { Context } from '../core/context';
import { checks, clients, type MaintenanceWindowRow, providerRecords, websites } from '../db/schema';
import { serverLabelSql, serverNameSql } from '../providers/gridpane/columns';
import { gridpaneServers } from '../providers/gridpane/keys';

const cached = sql.raw('provider_records');

/** How many websites and checks a window names by name; the rest are counted. */
export const COVERS_NAMED = 3;

/**
 * What each window covers, in names a person knows: its client, its server (GridPane's label, else its
 * name; null when the cache has neither), the first few websites (by domain) and checks (by name) it names, with
 * how many it names in all. Four reads for any number of windows.
 */
export async function describeCovers(
  ctx: Pick<Context, 'db'>,
  rows: readonly MaintenanceWindowRow[],
): Promise<Map<number, MaintenanceCovers>> {
  const { db } = ctx;
  const named = (ids: number[]) => ids.slice(0, COVERS_NAMED);
  const clientIds = [...new Set(rows.flatMap((r) => (r.clientId ? [r.clientId] : [])))];
  const serverIds = [...new Set(rows.flatMap((r) => (r.serverId ? [r.serverId] : [])))];
  const websiteIds = [...new Set(rows.flatMap((r) => named(r.websiteIds)))];
  const checkIds = [...new Set(rows.flatMap((r) => named(r.checkIds)))];
  const [clientRows, serverRows, websiteRows, checkRows] = await Promise.all([
    clientIds.length
      ? db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, clientIds))
      : [],
    serverIds.length
      ? db
          .select({
            id: providerRecords.externalId,
            label: sql<
              string | null
            >`coalesce(nullif(${serverLabelSql(cached)}, ''), ${serverNameSql(cached)})`,
          })
          .from(providerRecords)
          .where(
            and(
              eq(providerRecords.provider, gridpaneServers.provider),
              eq(providerRecords.kind, gridpaneServers.kind),
              inArray(providerRecords.externalId, serverIds),
            ),
          )
      : [],
    websiteIds.length
      ? db
          .select({ id: websites.id, domain: websites.domain })
          .from(websites)
          .where(inArray(websites.id, websiteIds))
      : [],
    checkIds.length
      ? db.select({ id: checks.id, name: checks.name }).from(checks).where(inArray(checks.id, checkIds))
      : [],
  ]);
  const clientName = new Map(clientRows.map((c) => [c.id, c.name]));
  const serverLabel = new Map(serverRows.map((s) => [s.id, s.label]));
  const domain = new Map(websiteRows.map((w) => [w.id, w.domain]));
  const checkName = new Map(checkRows.map((c) => [c.id, c.name]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        client: r.clientId ? { id: r.clientId, name: clientName.get(r.clientId) ?? null } : null,
        server: r.serverId ? { id: r.serverId, label: serverLabel.get(r.serverId) ?? null } : null,
        websites: named(r.websiteIds).map((id) => ({ id, domain: domain.get(id) ?? null })),
        websiteCount: r.websiteIds.length,
        checks: named(r.checkIds).map((id) => ({ id, name: checkName.get(id) ?? null })),
        checkCount: r.checkIds.length,
      },
    ]),
  );
}
