import type { z } from 'zod';
import { rawServer, rawSite, rawSystemUser, rawUser } from './schemas';
import type {
  GridPaneServer,
  GridPaneSite,
  GridPaneSiteStatus,
  GridPaneSystemUser,
  GridPaneUser,
} from './types';

/**
 * GridPane JSON → our types. Nothing here throws: parsers return null (single object) or skip and count
 * (list items), and the client turns "nothing usable" into a ProviderError('bad_response').
 */
type Raw<S extends z.ZodType> = z.output<S>;

export function toServer(raw: Raw<typeof rawServer>): GridPaneServer {
  const label = raw.label ?? `server-${raw.id}`;
  return {
    id: raw.id,
    label,
    name: label,
    ip: raw.ip,
    ip_address: raw.ip,
    status: raw.status ?? 'unknown',
    php_versions: [], // filled by deriveServers from the site list; GridPane does not send it
    sites_count: raw.sites.length,
    memory: raw.ram ? `${raw.ram} MB` : null,
    region: raw.region,
    region_label: raw.region_label,
    os_version: raw.os_version,
    provider: raw.provider,
    cpu: raw.cpu,
    ram: raw.ram,
    database: raw.database,
    webserver: raw.webserver,
    subdomain: raw.subdomain,
    sites: raw.sites,
    system_users: raw.system_users,
    ssh_keys: raw.ssh_keys,
  };
}

/** A WSOD or failed certificate outranks "resolved": the site is not serving pages either way. */
export function siteStatus(raw: {
  ssl_status: string | null;
  resolved_at: string | null;
  is_wsod: boolean;
}): GridPaneSiteStatus {
  if (raw.ssl_status === 'failed' || raw.is_wsod) return 'error';
  if (raw.ssl_status === 'succeed' && raw.resolved_at) return 'active';
  return 'pending';
}

export function toSite(raw: Raw<typeof rawSite>): GridPaneSite {
  return {
    id: raw.id,
    url: raw.url,
    status: siteStatus(raw),
    php_version: raw.php_version,
    server_id: raw.server_id,
    server_label: raw.server?.label ?? null,
    type: raw.type,
    is_ssl: raw.is_ssl,
    ssl_status: raw.ssl_status,
    nginx_caching: raw.nginx_caching,
    system_user_id: raw.system_user_id ?? raw.system_userid,
  };
}

// Explicit field lists (not `...raw`): a second guard, after zod's key stripping, against secrets.
const toSystemUser = (raw: Raw<typeof rawSystemUser>): GridPaneSystemUser => ({
  id: raw.id,
  username: raw.username,
  server_id: raw.server_id,
  status: raw.status,
  ssh_access: raw.ssh_access,
  sudo: raw.sudo,
  is_primary: raw.is_primary,
  sites: raw.sites,
});
const toUser = (raw: Raw<typeof rawUser>): GridPaneUser => ({
  id: raw.id,
  name: raw.name ?? `user-${raw.id}`,
  email: raw.email,
  teams: raw.teams,
});

/** One resource: its zod schema, its mapping, and the wrapper keys GridPane clients have seen for it. */
export type Resource<T> = { parseItem(value: unknown): T | null; wrappers: readonly string[] };

const resource = <S extends z.ZodType, T>(
  schema: S,
  map: (raw: z.output<S>) => T,
  wrappers: readonly string[],
): Resource<T> => ({
  parseItem(value) {
    const result = schema.safeParse(value);
    return result.success ? map(result.data) : null;
  },
  wrappers,
});

// A bare site carries a nested `server` object, so sites must never unwrap `body.server`.
export const serverResource = resource(rawServer, toServer, ['data', 'server']);
export const siteResource = resource(rawSite, toSite, ['data', 'site']);
export const systemUserResource = resource(rawSystemUser, toSystemUser, ['data', 'system_user']);
export const userResource = resource(rawUser, toUser, ['data', 'user']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** `{data:{…}}`, `{data:[{…}]}`, `{site:{…}}` / `{server:{…}}`, or the bare object. */
export function parseSingle<T>(body: unknown, res: Resource<T>): T | null {
  let value: unknown = body;
  if (isRecord(body) && !Array.isArray(body)) {
    const key = res.wrappers.find((k) => body[k] !== undefined && body[k] !== null);
    if (key) value = body[key];
  }
  if (Array.isArray(value)) value = value[0];
  return res.parseItem(value);
}

export type ParsedPage<T> = {
  items: T[];
  skipped: number;
  /** null when the body carries no pagination info (a single page). */
  currentPage: number | null;
  lastPage: number | null;
  hasNext: boolean;
  /** How many items the whole list holds, as `meta.total` says (null when it does not). */
  total: number | null;
};

/** A Laravel page `{data:[…], links, meta}` (or a plain array); null when there is no item array at all. */
export function parseListPage<T>(body: unknown, res: Resource<T>): ParsedPage<T> | null {
  const data = Array.isArray(body) ? body : isRecord(body) ? body.data : undefined;
  if (!Array.isArray(data)) return null;
  const items: T[] = [];
  for (const entry of data) {
    const item = res.parseItem(entry);
    if (item) items.push(item);
  }
  const meta = isRecord(body) && isRecord(body.meta) ? body.meta : {};
  const links = isRecord(body) && isRecord(body.links) ? body.links : {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const currentPage = num(meta.current_page);
  const lastPage = num(meta.last_page);
  const nextLink = typeof links.next === 'string' && links.next !== '';
  const hasNext =
    currentPage !== null && lastPage !== null ? currentPage < lastPage && links.next !== null : nextLink;
  const total = num(meta.total);
  return { items, skipped: data.length - items.length, currentPage, lastPage, hasNext, total };
}

/** php_versions per server from the SITE list (GridPane does not send it on servers). */
export function deriveServers(servers: GridPaneServer[], sites: GridPaneSite[]): GridPaneServer[] {
  const versions = new Map<number, Set<string>>();
  for (const site of sites) {
    if (site.server_id === null || !site.php_version) continue;
    const set = versions.get(site.server_id) ?? new Set<string>();
    set.add(site.php_version);
    versions.set(site.server_id, set);
  }
  return servers.map((server) => ({
    ...server,
    php_versions: [...(versions.get(server.id) ?? [])].sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true }),
    ),
  }));
}
