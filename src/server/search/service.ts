import { and, asc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { SearchItem } from '../../shared/search';
import type { Server } from '../../shared/servers';
import { clientTextMatch } from '../clients';
import { keptAnswer, type Reads } from '../core/cache/kept';
import { clientInScope, domainInScope, isScoped, scopeKey, serverInScope } from '../core/scope';
import { likePattern } from '../core/sql';
import { clients, providerRecords, tasks, websites } from '../db/schema';
import type { CacheKey } from '../provider-cache';
import { monitorsKey } from '../providers/betteruptime/keys';
import type { Monitor } from '../providers/betteruptime/types';
import { gridpaneServers } from '../providers/gridpane/keys';
import type { Services } from '../services';
import { taskInScope, taskTextMatch } from '../tasks';
import { readWebsites } from '../websites';
import { rank } from './rank';

/** Per kind, at most this many candidates are read before ranking: enough for any useful result list. */
const CANDIDATES = 50;

/**
 * Cached provider records matching the query on their list column (`search`, lower-cased name, label,
 * url, ip): at most CANDIDATES rows, so a fleet of 20,000 costs what a fleet of 20 does.
 */
async function cachedMatches<T>(services: Services, key: CacheKey, q: string, mine?: SQL): Promise<T[]> {
  const rows = await services.db
    .select({ data: providerRecords.data })
    .from(providerRecords)
    .where(
      and(
        eq(providerRecords.provider, key.provider),
        eq(providerRecords.kind, key.kind),
        q ? like(providerRecords.search, likePattern(q)) : undefined,
        mine,
      ),
    )
    .orderBy(asc(providerRecords.sortKey))
    .limit(CANDIDATES);
  return rows.map((r) => r.data as T);
}

/**
 * Global search over clients, websites, servers, monitors and tasks, ranked. Database rows are matched
 * in SQL; provider records come from the cache (never from the provider).
 */
export async function search(services: Services, q: string, limit: number): Promise<SearchItem[]> {
  // Kept while nothing it reads changes: typing the same query again costs one small read.
  const items = await keptAnswer(
    services.db,
    searchReads,
    `search ${limit} ${JSON.stringify(q)} ${scopeKey(services)}`,
    () => findMatches(services, q, limit),
  );
  // A website's health moves with checks, monitors and maintenance: read fresh for the hits shown.
  const ids = items.flatMap((i) => (i.type === 'website' ? [Number(i.id.slice('website:'.length))] : []));
  if (ids.length === 0) return items;
  const views = new Map((await readWebsites(services, { ids, removed: 'include' })).map((v) => [v.id, v]));
  return items.map((i) =>
    i.type === 'website'
      ? { ...i, health: views.get(Number(i.id.slice('website:'.length)))?.health ?? null }
      : i,
  );
}

const searchReads: Reads = {
  caches: [gridpaneServers, monitorsKey],
  tables: ['clients', 'websites', 'tasks'],
};

async function findMatches(services: Services, q: string, limit: number): Promise<SearchItem[]> {
  // The same lower-cased expressions as the lists' `q`, which their trigram indexes answer.
  const p = likePattern(q);
  const { db } = services;
  // A person limited to chosen clients finds only what is theirs.
  const limited = isScoped(services);
  const [clientRows, websiteRows, taskRows, servers, monitors] = await Promise.all([
    db
      .select({ id: clients.id, name: clients.name, company: clients.company, email: clients.email })
      .from(clients)
      .where(and(q ? clientTextMatch(p) : undefined, clientInScope(services, sql`${clients.id}`)))
      .limit(CANDIDATES),
    db
      .select({ id: websites.id, domain: websites.domain, environment: websites.environment })
      .from(websites)
      .where(
        and(
          eq(websites.removed, false),
          q ? sql`${websites.domain} like ${p}` : undefined,
          clientInScope(services, sql`${websites.clientId}`),
        ),
      )
      .limit(CANDIDATES),
    db
      .select({ id: tasks.id, title: tasks.title, description: tasks.description, project: tasks.project })
      .from(tasks)
      .where(and(q ? taskTextMatch(p) : undefined, taskInScope(services)))
      .limit(CANDIDATES),
    cachedMatches<Server>(
      services,
      gridpaneServers,
      q,
      limited ? serverInScope(services, sql`${providerRecords.externalId}`) : undefined,
    ),
    cachedMatches<Monitor>(
      services,
      monitorsKey,
      q,
      limited ? domainInScope(services, sql`${providerRecords.domain}`) : undefined,
    ),
  ]);

  const items: SearchItem[] = [
    ...clientRows.map((c) => ({
      id: `client:${c.id}`,
      type: 'client' as const,
      title: c.name,
      description: [c.company, c.email].filter(Boolean).join(' · ') || 'Client',
      link: `/clients/${c.id}`,
    })),
    ...websiteRows.map((w) => ({
      id: `website:${w.id}`,
      type: 'website' as const,
      title: w.domain,
      description: w.environment === 'staging' ? 'Staging website' : 'Website',
      link: `/websites/internal/${w.id}`,
    })),
    ...servers.map((s) => ({
      id: `server:${s.id}`,
      type: 'server' as const,
      title: s.label,
      description: [s.ip, s.provider?.full_name, s.region_label].filter(Boolean).join(' · ') || 'Server',
      link: `/servers/${s.id}`,
    })),
    ...monitors.map((m) => ({
      id: `monitor:${m.id}`,
      type: 'monitor' as const,
      title: m.attributes.pronounceable_name || m.attributes.url,
      description: `${m.attributes.url} · ${m.attributes.status}`,
      link: `/uptime?q=${encodeURIComponent(m.attributes.pronounceable_name || m.attributes.url)}`,
    })),
    ...taskRows.map((t) => ({
      id: `task:${t.id}`,
      type: 'task' as const,
      title: t.title,
      description: [t.project, t.description].filter(Boolean).join(' · ') || 'Task',
      link: `/tasks?q=${encodeURIComponent(t.title)}`,
    })),
  ];
  return items
    .map((item) => ({ item, score: rank(q, item.title, item.description) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.item.title.localeCompare(b.item.title))
    .slice(0, limit)
    .map((r) => r.item);
}
