import type { z } from 'zod';
import { printableSentence } from '../../core/outbound/provider-error';
import {
  rawBackup,
  rawCompanyUser,
  rawDomain,
  rawEnvironment,
  rawOperation,
  rawOperationStarted,
  rawSite,
  rawSoftware,
  rawValidate,
} from './schemas';
import type {
  KinstaBackup,
  KinstaBackupKind,
  KinstaDomain,
  KinstaEnvironment,
  KinstaKey,
  KinstaList,
  KinstaOperation,
  KinstaSite,
  KinstaSoftware,
  KinstaUser,
} from './types';

/**
 * Kinsta JSON → our types. Nothing here throws: a whole answer that cannot be read is null, and an item
 * of a list that cannot be read is skipped and counted; the client turns null into a ProviderError.
 */
const obj = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Reads each item with `read`, skipping (and counting) those it cannot. */
function readList<T>(items: unknown, read: (item: unknown) => T | null): KinstaList<T> | null {
  if (!Array.isArray(items)) return null;
  const out: T[] = [];
  let skipped = 0;
  for (const item of items) {
    const parsed = read(item);
    if (parsed === null) skipped++;
    else out.push(parsed);
  }
  return { items: out, skipped };
}

const safe =
  <S extends z.ZodType, T>(schema: S, to: (raw: z.output<S>) => T) =>
  (item: unknown): T | null => {
    const parsed = schema.safeParse(item);
    return parsed.success ? to(parsed.data) : null;
  };

export function parseValidate(body: unknown): KinstaKey | null {
  const parsed = rawValidate.safeParse(body);
  if (!parsed.success) return null;
  const raw = parsed.data;
  return { companyId: raw.company, name: raw.name, expiresAt: raw.expires_at, status: raw.status };
}

/** "php8.2" (or "8.2") → "8.2"; anything else → null. */
export function phpVersionOf(engine: string | null | undefined): string | null {
  const match = /^(?:php)?\s*(\d+\.\d+)(?:\.\d+)?$/i.exec(engine?.trim() ?? '');
  return match ? match[1]! : null;
}

const toDomain = safe(
  rawDomain,
  (raw): KinstaDomain => ({
    id: raw.id,
    name: raw.name.toLowerCase(),
    active: raw.is_active,
    type: raw.type,
  }),
);

export const toEnvironment = safe(rawEnvironment, (raw): KinstaEnvironment => {
  const domains = readList(raw.domains, toDomain)?.items ?? [];
  const primary = raw.primaryDomain ?? raw.primary_domain ?? null;
  return {
    id: raw.id,
    name: raw.name,
    displayName: raw.display_name ?? raw.name,
    live: raw.name.toLowerCase() === 'live',
    primaryDomain: primary?.toLowerCase() ?? domains.find((d) => d.active)?.name ?? null,
    domains,
    wordpressVersion: raw.wordpress_version,
    phpVersion: phpVersionOf(raw.container_info?.php_engine_version),
    blocked: raw.is_blocked,
  };
});

const labelName = (label: unknown): string | null => {
  const name = obj(label)?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
};

const toSite = safe(rawSite, (raw): KinstaSite => {
  const labels = (raw.siteLabels ?? raw.site_labels ?? [])
    .map(labelName)
    .filter((l): l is string => l !== null);
  return {
    id: raw.id,
    name: raw.name,
    displayName: raw.display_name ?? raw.name,
    status: raw.status,
    labels,
    environments: readList(raw.environments ?? [], toEnvironment)?.items ?? [],
  };
});

/** `GET /sites` → `{ company: { sites: [...] } }`. */
export function parseSites(body: unknown): KinstaList<KinstaSite> | null {
  return readList(obj(obj(body)?.company)?.sites, toSite);
}

/** `GET /sites/{id}/environments` → `{ site: { environments: [...] } }`. */
export function parseEnvironments(body: unknown): KinstaList<KinstaEnvironment> | null {
  return readList(obj(obj(body)?.site)?.environments, toEnvironment);
}

const toSoftware = safe(
  rawSoftware,
  (raw): KinstaSoftware => ({
    slug: raw.name,
    title: raw.title,
    status: raw.status,
    version: raw.version,
    // "available" with a version is an update; "none" or a version equal to the installed one is not.
    updateVersion:
      raw.update === 'available' && raw.update_version && raw.update_version !== raw.version
        ? raw.update_version
        : null,
  }),
);

/**
 * `GET /sites/environments/{id}/plugins` (and `/themes`) →
 * `{ environment: { container_info: { wp_plugins: { data: [...] } } } }` (`wp_themes` for themes).
 */
export function parseSoftware(body: unknown, kind: 'plugins' | 'themes'): KinstaList<KinstaSoftware> | null {
  const info = obj(obj(obj(body)?.environment)?.container_info);
  return readList(obj(info?.[kind === 'plugins' ? 'wp_plugins' : 'wp_themes'])?.data, toSoftware);
}

/** Kinsta's backup types as the kinds the Backups page tells apart. */
export function backupKind(type: string | null): Exclude<KinstaBackupKind, 'downloadable'> {
  const t = type?.toLowerCase() ?? '';
  if (t === 'manual') return 'manual';
  if (t.startsWith('system')) return 'system';
  return 'automatic';
}

const toBackup = (kind: 'listed' | 'downloadable') =>
  safe(rawBackup, (raw): KinstaBackup | null =>
    raw.created_at
      ? {
          id: raw.id,
          name: raw.name,
          note: raw.note,
          type: raw.type,
          kind: kind === 'downloadable' ? 'downloadable' : backupKind(raw.type),
          createdAt: raw.created_at,
          expiresAt: raw.expires_at ?? null,
        }
      : null,
  );

/**
 * `GET /sites/environments/{id}/backups` → `{ environment: { backups: [...] } }`, and
 * `…/downloadable-backups` → `{ environment: { downloadable_backups: [...] } }`. A backup without a
 * readable time is skipped: a backup of unknown age says nothing about how recent the last one is.
 */
export function parseBackups(
  body: unknown,
  kind: 'listed' | 'downloadable',
): KinstaList<KinstaBackup> | null {
  const environment = obj(obj(body)?.environment);
  const items = environment?.[kind === 'listed' ? 'backups' : 'downloadable_backups'];
  const read = toBackup(kind);
  return readList(items, (item) => read(item) ?? null);
}

const toUser = safe(
  rawCompanyUser,
  ({ user }): KinstaUser => ({ id: user.id, email: user.email, name: user.full_name }),
);

/** `GET /company/{id}/users` → `{ company: { users: [{ user: { id, email, full_name } }] } }`. */
export function parseCompanyUsers(body: unknown): KinstaList<KinstaUser> | null {
  return readList(obj(obj(body)?.company)?.users, toUser);
}

/** The 202 that starts an action → its operation id; null when the answer names none we could poll. */
export function parseOperationStarted(body: unknown): string | null {
  const parsed = rawOperationStarted.safeParse(body);
  return parsed.success ? parsed.data.operation_id : null;
}

/**
 * The 202 that starts a plugin or theme update → its operation id. Kinsta's answer is read in either
 * shape: `operation_id` at the top, or else inside one object one level down (`{ data: { operation_id } }`,
 * or a list holding that one object). More than one different id there names no single operation to
 * follow, so it reads as none (null), as does an answer without one.
 */
export function parseUpdateStarted(body: unknown): string | null {
  const top = parseOperationStarted(body);
  if (top !== null) return top;
  const root = obj(body);
  if (root === null) return null;
  const found = new Set<string>();
  for (const value of Object.values(root)) {
    const candidates = Array.isArray(value) ? value : [value];
    for (const candidate of candidates) {
      const id = obj(candidate) === null ? null : parseOperationStarted(candidate);
      if (id !== null) found.add(id);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * `GET /operations/{id}`, from the HTTP status and the body's own `status`: a 404 is `pending` (Kinsta
 * does not know an operation for a while after starting it); a body status of 400 or more, or an HTTP
 * 5xx, is `failed`; 202 is `running`; 200 is `done`. The body's status, when it is one of these, wins
 * over the HTTP one. Another 2xx says neither done nor failed, so the operation still runs; any other
 * answer is `failed`, since nothing says the action happened.
 */
export function parseOperation(httpStatus: number, body: unknown): KinstaOperation {
  if (httpStatus === 404) return { state: 'pending', message: null };
  const parsed = rawOperation.safeParse(body);
  const raw = parsed.success ? parsed.data : { status: null, message: null };
  const message = raw.message === null ? null : printableSentence(raw.message);
  const own = raw.status;
  const status = own !== null && (own === 200 || own === 202 || own >= 400) ? own : httpStatus;
  if (status === 200) return { state: 'done', message };
  if (status >= 200 && status < 300) return { state: 'running', message };
  return { state: 'failed', message };
}
