import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseDomain } from '../../shared/domains';
import { pageOf, parseSort } from '../../shared/lists';
import type { Tag } from '../../shared/tags';
import type { Website, WebsitePage, websiteListQuery } from '../../shared/websites';
import type { Db } from '../db/client';
import { type WebsiteRow, websites } from '../db/schema';
import { notFound } from '../http/errors';
import { gridpaneServers } from '../integrations/gridpane-sync';
import { keptAnswer, type Reads } from '../lists/kept';
import { count, direction, json, likePattern, rows, where } from '../lists/sql';
import { rowsOf } from '../maintenance/coverage';
import { figuresKey } from '../monitors/figures';
import { monitorsKey } from '../monitors/sync';
import { taggableResources, tagsByResource } from '../tags/resources';

/** Syncs that insert, change or remove this many websites or more vacuum and analyze the table. */
const VACUUM_FROM = 500;

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
  const rows = [...byDomain].map(([domain, s]) => ({
    domain,
    provider_site_id: s.providerSiteId,
    server_id: s.serverId,
    status: s.status,
    environment: s.staging ? 'staging' : 'production',
  }));
  const at = opts.at.toISOString();
  // Batches of JSON unpacked in SQL, the removed found by a hash set: linear in the list (issue 13). A
  // website the provider reports unchanged is not rewritten, so a sync that changes nothing leaves no
  // dead rows and adds nothing to the trigram indexes' pending lists.
  const changed = await db.transaction(async (tx) => {
    let changed = 0;
    for (let i = 0; i < rows.length; i += 2000) {
      const batch = JSON.stringify(rows.slice(i, i + 2000));
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
      const saved = rowsOf<{ id: number; provider_site_id: string | null }>(
        await tx.execute(sql`
          select w.id, w.provider_site_id from websites w
          join jsonb_to_recordset(${batch}::jsonb) as r(domain text) on w.domain = r.domain`),
      );
      for (const r of saved) if (r.provider_site_id) idsBySiteId.set(r.provider_site_id, Number(r.id));
    }
    if (opts.complete) {
      // The removed are found with a hash set here, then marked by their unique domain.
      const listed = await tx
        .select({ domain: websites.domain })
        .from(websites)
        .where(and(eq(websites.integrationProvider, provider), eq(websites.removed, false)));
      const gone = listed.map((w) => w.domain).filter((d) => !byDomain.has(d));
      changed += gone.length;
      for (let i = 0; i < gone.length; i += 2000) {
        await tx
          .update(websites)
          .set({ removed: true, updatedAt: opts.at })
          .where(inArray(websites.domain, gone.slice(i, i + 2000)));
      }
    }
    return changed;
  });
  // As for the provider caches: PGlite has no autovacuum, and until a vacuum the trigram indexes read
  // every new entry from their pending list (a search over 20,000 fresh websites took 10-23 ms instead
  // of 0.3 ms on PostgreSQL); the analyze gives a first sync's lists their statistics.
  if (changed >= VACUUM_FROM) await db.execute(sql`vacuum (analyze) websites`);
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

/** One page of our websites with their tags, server label and monitor: one SQL statement per part. */
export async function listWebsitePage(
  db: Db,
  query: z.output<typeof websiteListQuery>,
): Promise<WebsitePage> {
  const { page, pageSize, offset } = pageOf(query);
  const sort = parseSort(query.sort ?? 'domain');
  const monitorOf = (status?: SQL) => sql`select 1 from provider_records m
    where m.provider = 'betteruptime' and m.kind = 'monitors' and m.domain = w.domain
    ${status ? sql`and ${status}` : sql``}`;
  const filters = [
    query.q
      ? // domain is stored lower-cased: both sides meet their trigram indexes.
        sql`(w.domain like ${likePattern(query.q)} or lower(w.name) like ${likePattern(query.q)})`
      : undefined,
    query.serverId ? sql`w.server_id = ${String(query.serverId)}` : undefined,
    query.status ? sql`w.status = ${query.status}` : undefined,
    query.tagId
      ? sql`w.id in (select wt.website_id from website_tags wt where wt.tag_id = ${query.tagId})`
      : undefined,
    query.monitor === 'none'
      ? sql`not exists (${monitorOf()})`
      : query.monitor
        ? sql`exists (${monitorOf(sql`m.status = ${query.monitor}`)})`
        : undefined,
  ];
  const first =
    sort.field === 'name' ? sql`lower(w.name)` : sort.field === 'status' ? sql`w.status` : sql`w.domain`;
  // The page is kept while what it reads is unchanged (lists/kept).
  const reads: Reads = {
    caches: [gridpaneServers, monitorsKey, figuresKey],
    tables: ['websites', 'website_tags', 'tags'],
  };
  const [total, overall, found] = await keptAnswer(db, reads, `websites ${JSON.stringify(query)}`, () =>
    Promise.all([
      count(db, sql`select count(*) as n from websites w ${where(filters)}`),
      filters.some(Boolean) ? count(db, sql`select count(*) as n from websites w`) : null,
      rows<Record<string, unknown>>(
        db,
        sql`with page as (
          select w.*, ${first} as s1 from websites w ${where(filters)}
          order by s1 ${direction(sort.desc)}, w.domain ${direction(sort.desc)}, w.id
          limit ${pageSize} offset ${offset})
        select p.id, p.name, p.domain, p.integration_provider, p.provider_site_id, p.server_id, p.status,
          p.environment, p.removed, p.client_id, s.data->>'label' as server_label, m.status as monitor_status,
          (f.data->>'uptime')::float8 as monitor_uptime,
          coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
              order by lower(t.name), t.id)
            from website_tags wt join tags t on t.id = wt.tag_id where wt.website_id = p.id), '[]') as tags
        from page p
        left join provider_records s
          on s.provider = p.integration_provider and s.kind = 'servers' and s.external_id = p.server_id
        left join lateral (select m.external_id, m.status from provider_records m
          where m.provider = 'betteruptime' and m.kind = 'monitors' and m.domain = p.domain
          order by m.external_id limit 1) m on true
        left join provider_records f
          on f.provider = 'betteruptime' and f.kind = 'figures' and f.external_id = m.external_id
        order by p.s1 ${direction(sort.desc)}, p.domain ${direction(sort.desc)}, p.id`,
      ),
    ]),
  );
  return {
    data: found.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      domain: String(r.domain),
      integrationProvider: String(r.integration_provider),
      providerSiteId: (r.provider_site_id as string | null) ?? null,
      serverId: (r.server_id as string | null) ?? null,
      status: String(r.status),
      clientId: r.client_id === null || r.client_id === undefined ? null : Number(r.client_id),
      environment: String(r.environment),
      removed: Boolean(r.removed),
      tags: json<Tag[]>(r.tags).map((t) => ({ id: Number(t.id), name: t.name, color: t.color })),
      serverLabel: (r.server_label as string | null) ?? null,
      monitor:
        r.monitor_status == null
          ? null
          : {
              status:
                r.monitor_status === 'up' || r.monitor_status === 'down' || r.monitor_status === 'paused'
                  ? r.monitor_status
                  : 'other',
              uptime: r.monitor_uptime == null ? null : Number(r.monitor_uptime),
            },
    })),
    total,
    overall: overall ?? total,
    page,
    pageSize,
  };
}
