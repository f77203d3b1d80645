import { type SQL, sql } from 'drizzle-orm';
import { normaliseDomain } from '../../../shared/domains';
import { type ListColumns, lowerJoin, text } from '../list-columns';

/**
 * What the rest of the server may know of GridPane's servers and sites as stored in provider_records
 * (`data` is our parsed record): SQL over an alias of that table, so no JSON path of GridPane's is
 * spelled outside this folder.
 */
export const serverLabelSql = (s: SQL) => sql<string | null>`${s}.data->>'label'`;
export const serverNameSql = (s: SQL) => sql<string | null>`${s}.data->>'name'`;
export const serverSitesCountSql = (s: SQL) => sql<string | null>`${s}.data->>'sites_count'`;
export const siteServerLabelSql = (r: SQL) => sql<string | null>`${r}.data->>'server_label'`;

export function siteListColumns(d: Record<string, unknown>): ListColumns {
  const url = text(d.url);
  return {
    domain: normaliseDomain(url),
    sortKey: url.toLowerCase(),
    status: text(d.status) || null,
    parentId: d.server_id === null || d.server_id === undefined ? null : String(d.server_id),
    search: lowerJoin(url),
  };
}

export function serverListColumns(d: Record<string, unknown>): ListColumns {
  return {
    domain: null,
    sortKey: text(d.label).toLowerCase(),
    status: text(d.status) || null,
    parentId: null,
    search: lowerJoin(d.label, d.name, d.ip, d.ip_address),
  };
}
