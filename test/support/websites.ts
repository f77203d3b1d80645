import type { Db } from '../../src/server/db/client';
import { websites } from '../../src/server/db/schema';

/**
 * Our websites of these domains, as a host's sync leaves them (GridPane, active, production) unless
 * `fields` say otherwise: their ids by domain.
 */
export async function insertWebsites(
  db: Db,
  domains: readonly string[],
  fields: Partial<typeof websites.$inferInsert> = {},
): Promise<Record<string, number>> {
  const rows = await db
    .insert(websites)
    .values(
      domains.map((domain) => ({
        name: domain,
        domain,
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
        ...fields,
      })),
    )
    .returning({ id: websites.id, domain: websites.domain });
  return Object.fromEntries(rows.map((r) => [r.domain, r.id]));
}
