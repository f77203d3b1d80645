import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import { normaliseDomain } from '../../shared/domains';
import type { Website } from '../../shared/websites';
import type { Db } from '../db/client';
import { type WebsiteRow, websites } from '../db/schema';
import { notFound } from '../http/errors';
import { taggableResources, tagsByResource } from '../tags/resources';

const websiteResource = taggableResources.find((r) => r.type === 'websites')!;

/** What a provider says about one of its sites, in the terms our websites table keeps. */
export type ProviderSiteFacts = {
  providerSiteId: string;
  url: string;
  serverId: string | null;
  status: string;
  staging: boolean;
};

/**
 * Keeps websites in step with a provider's site list (decisions.md §3): one record per normalised
 * domain, created or updated, never duplicated. With a complete list, sites that are gone are marked
 * removed (their tags stay); a site that comes back is restored.
 */
export async function syncWebsites(
  db: Db,
  provider: string,
  sites: ProviderSiteFacts[],
  opts: { complete: boolean; at: Date },
): Promise<Map<string, number>> {
  const byDomain = new Map<string, ProviderSiteFacts>();
  for (const s of sites) {
    const domain = normaliseDomain(s.url);
    if (domain) byDomain.set(domain, s);
  }
  const idsBySiteId = new Map<string, number>();
  await db.transaction(async (tx) => {
    const rows = [...byDomain].map(([domain, s]) => ({
      name: domain,
      domain,
      integrationProvider: provider,
      providerSiteId: s.providerSiteId,
      serverId: s.serverId,
      status: s.status,
      environment: s.staging ? 'staging' : 'production',
      removed: false,
      updatedAt: opts.at,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      const saved = await tx
        .insert(websites)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: websites.domain,
          set: {
            integrationProvider: sql`excluded.integration_provider`,
            providerSiteId: sql`excluded.provider_site_id`,
            serverId: sql`excluded.server_id`,
            status: sql`excluded.status`,
            environment: sql`excluded.environment`,
            removed: false,
            updatedAt: opts.at,
          },
        })
        .returning({ id: websites.id, providerSiteId: websites.providerSiteId });
      for (const r of saved) if (r.providerSiteId) idsBySiteId.set(r.providerSiteId, r.id);
    }
    if (opts.complete) {
      const present = [...byDomain.keys()];
      const scope = and(eq(websites.integrationProvider, provider), eq(websites.removed, false));
      await tx
        .update(websites)
        .set({ removed: true, updatedAt: opts.at })
        .where(present.length ? and(scope, not(inArray(websites.domain, present))) : scope);
    }
  });
  return idsBySiteId;
}

/** Internal website ids by provider site id, for joining cached provider sites to our records. */
export async function websiteIdsBySiteId(
  db: Db,
  provider: string,
  siteIds?: string[],
): Promise<Map<string, number>> {
  const mine = eq(websites.integrationProvider, provider);
  const rows = await db
    .select({ id: websites.id, providerSiteId: websites.providerSiteId })
    .from(websites)
    .where(siteIds ? and(mine, inArray(websites.providerSiteId, siteIds)) : mine);
  return new Map(rows.filter((r) => r.providerSiteId).map((r) => [r.providerSiteId!, r.id]));
}

/** Internal website ids by normalised domain (monitors and snapshots join on it). */
export async function websiteIdsByDomain(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: websites.id, domain: websites.domain }).from(websites);
  return new Map(rows.map((r) => [r.domain, r.id]));
}

function toWebsite(row: WebsiteRow, tags: Website['tags']): Website {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    integrationProvider: row.integrationProvider,
    providerSiteId: row.providerSiteId,
    serverId: row.serverId,
    status: row.status,
    environment: row.environment,
    removed: row.removed,
    clientId: row.clientId,
    tags,
  };
}

export async function listWebsites(db: Db): Promise<Website[]> {
  const rows = await db.select().from(websites).orderBy(asc(websites.domain));
  const tags = await tagsByResource(
    db,
    websiteResource,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toWebsite(r, tags.get(r.id) ?? []));
}

export async function getWebsite(db: Db, id: number): Promise<Website> {
  const [row] = await db.select().from(websites).where(eq(websites.id, id)).limit(1);
  if (!row) throw notFound('Website not found');
  const tags = await tagsByResource(db, websiteResource, [id]);
  return toWebsite(row, tags.get(id) ?? []);
}

/** Websites (id, server) of these normalised domains. */
export async function websitesByDomain(
  db: Db,
  domains: string[],
): Promise<Map<string, { id: number; serverId: string | null }>> {
  if (domains.length === 0) return new Map();
  const rows = await db
    .select({ id: websites.id, domain: websites.domain, serverId: websites.serverId })
    .from(websites)
    .where(inArray(websites.domain, [...new Set(domains)]));
  return new Map(rows.map((r) => [r.domain, { id: r.id, serverId: r.serverId }]));
}
