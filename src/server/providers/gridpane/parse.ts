import type { z } from 'zod';
import {
  rawBackupIntegration,
  rawBackupItem,
  rawBackupSchedule,
  rawRetention,
  rawRetentionEntry,
  rawServer,
  rawSite,
  rawSystemUser,
  rawUser,
} from './schemas';
import type {
  GridPaneBackup,
  GridPaneBackupIntegration,
  GridPaneBackupList,
  GridPaneBackupSchedule,
  GridPaneRetention,
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

const toBackupSchedule = (raw: Raw<typeof rawBackupSchedule>): GridPaneBackupSchedule => ({
  siteId: raw.site_id,
  schedules: raw.schedule_backups.map((entry) => ({
    type: entry.type,
    frequency: entry.bup_schedule,
    hour: entry.hour,
    minute: entry.minute,
    day: entry.day,
    service: entry.service_name,
  })),
});
export const backupScheduleResource = resource(rawBackupSchedule, toBackupSchedule, ['data']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
/** A JSON object, not an array. */
const isObject = (v: unknown): v is Record<string, unknown> => isRecord(v) && !Array.isArray(v);

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

/** One page of `GET /backups/schedules`: one item per site, paged like every other list. */
export const parseBackupSchedules = (body: unknown): ParsedPage<GridPaneBackupSchedule> | null =>
  parseListPage(body, backupScheduleResource);

const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * "YYYY-MM-DD HH:MM[:SS]", optionally with a zone. GridPane gives backup times in the server's own
 * time and names no zone; a zone-less time is read as UTC (GridPane servers run on UTC unless someone
 * changed it, and then the time is off by that server's offset). Impossible dates are null.
 */
export function readBackupTime(value: string): Date | null {
  const m = TIME.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) {
    return null;
  }
  const zone = m[7];
  if (!zone || zone === 'Z') return utc;
  const digits = zone.replace(':', '');
  const offsetMinutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return new Date(utc.getTime() - (zone.startsWith('-') ? -1 : 1) * offsetMinutes * 60_000);
}

type BackupTally = GridPaneBackupList;
type Where = Pick<GridPaneBackup, 'location' | 'service'>;

/** A listed backup: "YYYY-MM-DD HH:MM", then optionally a space and its tag. */
const LISTED = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?)(?:\s+(\S.*))?$/;

function readListed(entry: string, kind: GridPaneBackup['kind'], where: Where): GridPaneBackup | null {
  const m = LISTED.exec(entry);
  const at = m ? readBackupTime(m[1]!) : null;
  if (!m || !at) return null;
  return { id: entry, at, kind, ...where, note: m[2]?.trim() || null, sizeBytes: null };
}

/** One kind of a section: a comma-separated string, an array of such strings, or ""/null for none. */
function readKind(value: unknown, kind: GridPaneBackup['kind'], where: Where, out: BackupTally) {
  if (value === null || value === undefined) return;
  const pieces = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
  if (!pieces) {
    out.skipped++;
    return;
  }
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      out.skipped++;
      continue;
    }
    for (const part of piece.split(',')) {
      const entry = part.trim();
      if (!entry) continue;
      const backup = readListed(entry, kind, where);
      if (backup) out.items.push(backup);
      else out.skipped++;
    }
  }
}

/**
 * A section of the keyed form: `local` is on the server; any other key is remote storage named by the
 * key (wasabi, aws-s3, backblaze, dropbox…), except `remote` itself, which names no service and may
 * hold the services one level down. What cannot be read counts as skipped.
 */
function readSection(key: string, value: unknown, out: BackupTally, nested = false) {
  if (value === null || value === undefined || value === '') return;
  const name = key.trim();
  const lower = name.toLowerCase();
  const where: Where =
    lower === 'local' && !nested
      ? { location: 'local', service: null }
      : { location: 'remote', service: lower === 'remote' ? null : name };
  if (!isObject(value)) {
    out.skipped++;
    return;
  }
  if ('automatic' in value || 'manual' in value) {
    readKind(value.automatic, 'automatic', where, out);
    readKind(value.manual, 'manual', where, out);
    return;
  }
  if (!nested && lower === 'remote' && Object.values(value).some(isObject)) {
    for (const [service, inner] of Object.entries(value)) readSection(service, inner, out, true);
    return;
  }
  if (Object.keys(value).length > 0) out.skipped++;
}

/** The array form: tag "auto" is an automatic backup; any other tag names a manual one. */
function readBackupItem(value: unknown): GridPaneBackup | null {
  const result = rawBackupItem.safeParse(value);
  if (!result.success) return null;
  const raw = result.data;
  const at = readBackupTime(raw.created_at);
  if (!at) return null;
  // Without a tag nothing says a person made it; GridPane's own backups are the default.
  const automatic = raw.tag === null || /^auto(matic)?$/i.test(raw.tag);
  const note = automatic || /^manual$/i.test(raw.tag ?? '') ? null : raw.tag;
  const size = raw.size !== null && Number.isSafeInteger(raw.size) && raw.size >= 0 ? raw.size : null;
  return {
    id: raw.id,
    at,
    kind: automatic ? 'automatic' : 'manual',
    location: raw.type,
    service: raw.type === 'remote' ? raw.service : null,
    note,
    sizeBytes: size,
  };
}

/** `backups` at the top, under `data`, or `data` itself holding the sections or the array. */
function backupsValue(body: Record<string, unknown>): unknown {
  if (body.backups !== undefined) return body.backups;
  if (isObject(body.data)) return body.data.backups !== undefined ? body.data.backups : body.data;
  return body.data;
}

/**
 * `GET /backups/original/{site}`, newest first. Two forms are accepted: sections keyed by location or
 * service, each kind one comma-separated string of "YYYY-MM-DD HH:MM[ tag]"; or an array of
 * `{id, type, tag, created_at, size}`. Unreadable entries are skipped and counted; a body in neither
 * form (or one that says `success: false`) is null.
 */
export function parseBackupList(body: unknown): GridPaneBackupList | null {
  if (!isObject(body) || body.success === false) return null;
  if (isObject(body.data) && body.data.success === false) return null;
  const backups = backupsValue(body);
  const out: BackupTally = { items: [], skipped: 0 };
  if (Array.isArray(backups)) {
    for (const entry of backups) {
      const backup = readBackupItem(entry);
      if (backup) out.items.push(backup);
      else out.skipped++;
    }
  } else if (isObject(backups)) {
    for (const [key, value] of Object.entries(backups)) readSection(key, value, out);
  } else if (!(backups === null && body.success === true)) {
    return null; // `{success: true, backups: null}` is a site without backups; anything else is unknown
  }
  out.items.sort((a, b) => b.at.getTime() - a.at.getTime());
  return out;
}

/**
 * `GET /backups/prune-schedule/{site}`: `{local_retain_days, remote_retain_days}` at the top or under
 * `data` / `prune_schedule`, or entries `{backup_type, retain_days}` (one or an array). Retention is
 * extra knowledge, so a body we cannot read is "nothing stated", never an error.
 */
export function parseRetention(body: unknown): GridPaneRetention {
  const candidates: unknown[] = [body];
  if (isObject(body)) {
    candidates.push(body.data, body.prune_schedule);
    if (isObject(body.data)) candidates.push(body.data.prune_schedule);
  }
  for (const candidate of candidates) {
    if (Array.isArray(candidate) || (isObject(candidate) && 'backup_type' in candidate)) {
      const found = fromRetentionEntries(Array.isArray(candidate) ? candidate : [candidate]);
      if (found) return found;
    } else if (
      isObject(candidate) &&
      ('local_retain_days' in candidate || 'remote_retain_days' in candidate)
    ) {
      const result = rawRetention.safeParse(candidate);
      if (result.success)
        return { local: result.data.local_retain_days, remote: result.data.remote_retain_days };
    }
  }
  return { local: null, remote: null };
}

function fromRetentionEntries(entries: unknown[]): GridPaneRetention | null {
  const retention: GridPaneRetention = { local: null, remote: null };
  let read = false;
  for (const entry of entries) {
    const result = rawRetentionEntry.safeParse(entry);
    if (!result.success) continue;
    retention[result.data.backup_type] = result.data.retain_days;
    read = true;
  }
  return read ? retention : null;
}

/**
 * `GET /backups/integrations/{site}` → `{"success": true, "integrations": [{id, integrated_service,
 * integration_name, token, secret_token}]}` (the list also read under `data`). Only id, service and
 * name are kept. Unreadable entries are skipped and counted; a body without the list is null.
 */
export function parseBackupIntegrations(
  body: unknown,
): { items: GridPaneBackupIntegration[]; skipped: number } | null {
  if (!isObject(body) || body.success === false) return null;
  const list = Array.isArray(body.integrations)
    ? body.integrations
    : isObject(body.data) && Array.isArray(body.data.integrations)
      ? body.data.integrations
      : Array.isArray(body.data)
        ? body.data
        : null;
  if (!list) return null;
  const items: GridPaneBackupIntegration[] = [];
  for (const entry of list) {
    const result = rawBackupIntegration.safeParse(entry);
    // An explicit field list: the integration's keys must never leave this function.
    if (result.success) {
      const raw = result.data;
      items.push({ id: raw.id, service: raw.integrated_service, name: raw.integration_name });
    }
  }
  return { items, skipped: list.length - items.length };
}

/**
 * Whether a 2xx answer to a write says it was done. GridPane answers `{"success": true}`; a body with
 * `success: false` or an `error` is a refusal. A body that says neither is taken as done: the status
 * said so, and a write must not be reported failed (and asked for again) when GridPane did it.
 */
export function writeAccepted(body: unknown): boolean {
  if (!isObject(body)) return true;
  return body.success !== false && (body.error === undefined || body.error === null);
}
