import type { CacheKey } from '../core/cache/kept';
import { monitorListColumns } from '../providers/betteruptime/columns';
import { monitorsKey } from '../providers/betteruptime/keys';
import { serverListColumns, siteListColumns } from '../providers/gridpane/columns';
import { gridpaneServers, gridpaneSites } from '../providers/gridpane/keys';
import type { ListColumns } from '../providers/list-columns';

export type { ListColumns };

const none: ListColumns = { domain: null, sortKey: null, status: null, parentId: null, search: null };

/** Each provider says how its kinds of record are listed (its own columns.ts). */
const byKind = new Map<string, (data: Record<string, unknown>) => ListColumns>([
  [`${gridpaneSites.provider}/${gridpaneSites.kind}`, siteListColumns],
  [`${gridpaneServers.provider}/${gridpaneServers.kind}`, serverListColumns],
  [`${monitorsKey.provider}/${monitorsKey.kind}`, monitorListColumns],
]);

/**
 * What each kind of record is listed by: filled when a sync writes it, so that a page of 20,000 sites
 * is a range of an index, never a scan of JSON. Kinds without a list keep them empty.
 */
export function listColumns(key: CacheKey, data: unknown): ListColumns {
  const columns = byKind.get(`${key.provider}/${key.kind}`);
  return columns ? columns((data ?? {}) as Record<string, unknown>) : none;
}
