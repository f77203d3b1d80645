import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseDomain } from '../../shared/domains';
import type { Context } from '../core/context';
import { clientInScope } from '../core/scope';
import { rowsOf } from '../core/sql';
import { websites } from '../db/schema';
import { refreshHealth } from './read-model';

/** Syncs that insert, change or remove this many websites or more vacuum and analyze the table. */
const VACUUM_FROM = 500;

/** What a provider says about one of its sites, in the terms our websites table keeps. */
export type ProviderSiteFacts = {
  providerSiteId: string;
  url: string;
  serverId: string | null;
  status: string;
  staging: boolean;
};

/** Websites a sync writes per statement and transaction: short enough that a person's write hardly waits. */
const SYNC_BATCH = 500;

/**
 * Keeps websites in step with a provider's site list: one record per normalised
 * domain, created or updated, never duplicated. With a complete list, sites that are gone are marked
 * removed (their tags stay); a site that comes back is restored.
 */
export async function syncWebsites(
  ctx: Pick<Context, 'db'>,
  provider: string,
  sites: ProviderSiteFacts[],
  opts: { complete: boolean; at: Date },
): Promise<Map<string, number>> {
  const { db } = ctx;
  const byDomain = new Map<string, ProviderSiteFacts>();
  for (const s of sites) {
    const domain = normaliseDomain(s.url);
    if (domain) byDomain.set(domain, s);
  }
  const idsBySiteId = new Map<string, number>();
  const rows = [...byDomain].map(([domain, s]) => ({
    domain,
    provider_site_id: s.providerSiteId,
    server_id: s.serverId,
    status: s.status,
    environment: s.staging ? 'staging' : 'production',
  }));
  const at = opts.at.toISOString();
  // Batches of JSON unpacked in SQL, the removed found by a hash set: linear in the list. A
  // website the provider reports unchanged is not rewritten, so a sync that changes nothing leaves no
  // dead rows and adds nothing to the trigram indexes' pending lists. Each batch commits on its own:
  // a person's change to a website (its client, say) waits for one batch, never for the whole fleet,
  // and a batch takes its locks in one statement, so the two can never deadlock.
  let changed = 0;
  for (let i = 0; i < rows.length; i += SYNC_BATCH) {
    const batch = JSON.stringify(rows.slice(i, i + SYNC_BATCH));
    const saved = await db.transaction(async (tx) => {
      const written = rowsOf(
        await tx.execute(sql`
          insert into websites (name, domain, integration_provider, provider_site_id, server_id, status,
            environment, removed, updated_at)
          select r.domain, r.domain, ${provider}, r.provider_site_id, r.server_id, r.status, r.environment,
            false, ${at}::timestamptz
          from jsonb_to_recordset(${batch}::jsonb) as r(domain text,
            provider_site_id text, server_id text, status text, environment text)
          on conflict (domain) do update set integration_provider = excluded.integration_provider,
            provider_site_id = excluded.provider_site_id, server_id = excluded.server_id,
            status = excluded.status, environment = excluded.environment, removed = false,
            updated_at = excluded.updated_at
          where (websites.integration_provider, websites.provider_site_id, websites.server_id,
              websites.status, websites.environment, websites.removed)
            is distinct from (excluded.integration_provider, excluded.provider_site_id,
              excluded.server_id, excluded.status, excluded.environment, false)
          returning 1`),
      );
      changed += written.length;
      // Ids of the whole batch, written or not, by their unique domain.
      return rowsOf<{ id: number; provider_site_id: string | null }>(
        await tx.execute(sql`
          select w.id, w.provider_site_id from websites w
          join jsonb_to_recordset(${batch}::jsonb) as r(domain text) on w.domain = r.domain`),
      );
    });
    for (const r of saved) if (r.provider_site_id) idsBySiteId.set(r.provider_site_id, Number(r.id));
  }
  if (opts.complete) {
    // The removed are found with a hash set here, then marked by their unique domain.
    const listed = await db
      .select({ domain: websites.domain })
      .from(websites)
      .where(and(eq(websites.integrationProvider, provider), eq(websites.removed, false)));
    const gone = listed.map((w) => w.domain).filter((d) => !byDomain.has(d));
    changed += gone.length;
    for (let i = 0; i < gone.length; i += SYNC_BATCH) {
      await db
        .update(websites)
        .set({ removed: true, updatedAt: opts.at })
        .where(inArray(websites.domain, gone.slice(i, i + SYNC_BATCH)));
    }
  }
  // As for the provider caches: PGlite has no autovacuum, and until a vacuum the trigram indexes read
  // every new entry from their pending list (a search over 20,000 fresh websites took 10-23 ms instead
  // of 0.3 ms on PostgreSQL); the analyze gives a first sync's lists their statistics.
  if (changed >= VACUUM_FROM) await db.execute(sql`vacuum (analyze) websites`);
  return idsBySiteId;
}

/** Internal website ids by provider site id, for joining cached provider sites to our records. */
export async function websiteIdsBySiteId(
  ctx: Pick<Context, 'db' | 'actor'>,
  provider: string,
  siteIds?: string[],
): Promise<Map<string, number>> {
  const { db } = ctx;
  // A limited person's map holds only their clients' websites.
  const mine = and(eq(websites.integrationProvider, provider), clientInScope(ctx, sql`${websites.clientId}`));
  const rows = await db
    .select({ id: websites.id, providerSiteId: websites.providerSiteId })
    .from(websites)
    .where(siteIds ? and(mine, inArray(websites.providerSiteId, siteIds)) : mine);
  return new Map(rows.filter((r) => r.providerSiteId).map((r) => [r.providerSiteId!, r.id]));
}

/** Internal website ids by normalised domain (monitors and snapshots join on it). */
export async function websiteIdsByDomain(ctx: Pick<Context, 'db' | 'actor'>): Promise<Map<string, number>> {
  const { db } = ctx;
  const rows = await db
    .select({ id: websites.id, domain: websites.domain })
    .from(websites)
    .where(clientInScope(ctx, sql`${websites.clientId}`));
  return new Map(rows.map((r) => [r.domain, r.id]));
}

/** Websites (id, server) of these normalised domains. */
export async function websitesByDomain(
  ctx: Pick<Context, 'db'>,
  domains: string[],
): Promise<Map<string, { id: number; serverId: string | null }>> {
  const { db } = ctx;
  if (domains.length === 0) return new Map();
  const rows = await db
    .select({ id: websites.id, domain: websites.domain, serverId: websites.serverId })
    .from(websites)
    .where(inArray(websites.domain, [...new Set(domains)]));
  return new Map(rows.map((r) => [r.domain, { id: r.id, serverId: r.serverId }]));
}

/**
 * Gives websites to a client, or takes them from theirs (null), in the caller's transaction: each
 * leaves its previous client, and their health follows (a window of the client now covers them).
 * Answers the domains of those found.
 */
export async function setWebsitesClient(
  ctx: Pick<Context, 'db' | 'clock' | 'actor'>,
  websiteIds: number[],
  clientId: number | null,
): Promise<{ id: number; domain: string }[]> {
  if (websiteIds.length === 0) return [];
  const now = ctx.clock.now();
  const found = await ctx.db
    .update(websites)
    .set({ clientId, updatedAt: now })
    // A website outside a limited person's clients is, to them, not there.
    .where(and(inArray(websites.id, websiteIds), clientInScope(ctx, sql`${websites.clientId}`)))
    .returning({ id: websites.id, domain: websites.domain });
  await refreshHealth(
    ctx,
    now,
    found.map((w) => w.id),
  );
  return found;
}
