import { type SQL, sql } from 'drizzle-orm';
import { normaliseDomain } from '../../../shared/domains';
import { type ListColumns, lowerJoin, text } from '../list-columns';

/**
 * What the rest of the server may know of a Better Uptime monitor as stored in provider_records
 * (`data` is the monitor as the API sent it): SQL over an alias of that table, so no JSON path of
 * Better Uptime's is spelled outside this folder.
 */
const attr = (alias: SQL, field: string) => sql`${alias}.data->'attributes'->>${field}`;

/** The monitor's name as people know it (its pronounceable name, else its URL). */
export const monitorNameSql = (m: SQL) =>
  sql<string>`coalesce(nullif(${attr(m, 'pronounceable_name')}, ''), ${attr(m, 'url')})`;
export const monitorUrlSql = (m: SQL) => sql<string>`${attr(m, 'url')}`;
export const monitorTypeSql = (m: SQL) => sql<string | null>`${attr(m, 'monitor_type')}`;
export const monitorLastCheckedSql = (m: SQL) => sql<string | null>`${attr(m, 'last_checked_at')}`;
export const monitorCreatedSql = (m: SQL) => sql<string | null>`${attr(m, 'created_at')}`;
export const monitorFrequencySql = (m: SQL) => sql<string | null>`${attr(m, 'check_frequency')}`;

/** From the figures we add to each monitor: its 30-day uptime (percent) and mean response (ms). */
export const figuresUptimeSql = (f: SQL) => sql<number | null>`(${f}.data->>'uptime')::float8`;
export const figuresResponseSql = (f: SQL) => sql<number | null>`(${f}.data->>'avgResponseMs')::float8`;

/**
 * Which monitor watches a domain when several match it: the lowest id (Better Uptime's ids are
 * numbers kept as text, so shorter ids sort first).
 */
export const monitorOrderSql = (m: SQL) => sql`length(${m}.external_id), ${m}.external_id`;

/** The typed list columns of a stored monitor: its domain, sort name, status and search text. */
export function monitorListColumns(d: Record<string, unknown>): ListColumns {
  const a = (d.attributes ?? {}) as Record<string, unknown>;
  const url = text(a.url);
  const name = text(a.pronounceable_name) || url;
  return {
    domain: normaliseDomain(url),
    sortKey: name.toLowerCase(),
    status: text(a.status) || null,
    parentId: null,
    search: lowerJoin(name, url),
  };
}
