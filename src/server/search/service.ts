import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { SearchItem } from '../../shared/search';
import type { Server } from '../../shared/servers';
import { clientTextMatch } from '../clients/service';
import { clients, providerRecords, tasks, websites } from '../db/schema';
import { gridpaneServers } from '../integrations/gridpane-sync';
import { keptAnswer, type Reads } from '../lists/kept';
import { likePattern } from '../lists/sql';
import { monitorsKey } from '../monitors/sync';
import type { CacheKey } from '../provider-cache/service';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';
import { taskTextMatch } from '../tasks/service';
import { rank } from './rank';

/** Per kind, at most this many candidates are read before ranking: enough for any useful result list. */
const CANDIDATES = 50;

/**
 * Cached provider records matching the query on their list column (`search`, lower-cased name, label,
 * url, ip): at most CANDIDATES rows, so a fleet of 20,000 costs what a fleet of 20 does.
 */
async function cachedMatches<T>(services: Services, key: CacheKey, q: string): Promise<T[]> {
  const rows = await services.db
    .select({ data: providerRecords.data })
    .from(providerRecords)
    .where(
      and(
        eq(providerRecords.provider, key.provider),
        eq(providerRecords.kind, key.kind),
        q ? like(providerRecords.search, likePattern(q)) : undefined,
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
export function search(services: Services, q: string, limit: number): Promise<SearchItem[]> {
  // Kept while nothing it reads changes (lists/kept): typing the same query again costs one small read.
  return keptAnswer(services.db, searchReads, `search ${limit} ${JSON.stringify(q)}`, () =>
    findMatches(services, q, limit),
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
  const [clientRows, websiteRows, taskRows, servers, monitors] = await Promise.all([
    db
      .select({ id: clients.id, name: clients.name, company: clients.company, email: clients.email })
      .from(clients)
      .where(q ? clientTextMatch(p) : undefined)
      .limit(CANDIDATES),
    db
      .select({ id: websites.id, domain: websites.domain, environment: websites.environment })
      .from(websites)
      .where(
        q ? and(eq(websites.removed, false), sql`${websites.domain} like ${p}`) : eq(websites.removed, false),
      )
      .limit(CANDIDATES),
    db
      .select({ id: tasks.id, title: tasks.title, description: tasks.description, project: tasks.project })
      .from(tasks)
      .where(q ? taskTextMatch(p) : undefined)
      .limit(CANDIDATES),
    cachedMatches<Server>(services, gridpaneServers, q),
    cachedMatches<Monitor>(services, monitorsKey, q),
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
