import { z } from 'zod';

/**
 * Field-level zod schemas for GridPane JSON. Every optional field ends in `.catch(...)`, so one odd value
 * degrades to null instead of dropping the item; only a missing id (or url/username) rejects an item.
 * Objects are whitelists: unknown keys (password, server_key, token, secret…) are stripped by zod.
 */
export const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

export const optId = id
  .nullish()
  .transform((v) => v ?? null)
  .catch(null);

const text = z.string().trim().min(1);
export const optText = z
  .union([text, z.number().transform(String)])
  .nullish()
  .transform((v) => v ?? null)
  .catch(null);

/** cpu / ram arrive as "2", 2 or null depending on the client that observed them. */
export const optNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish()
  .transform((v) => v ?? null)
  .catch(null);

/** GridPane mixes real booleans with 0/1 integers (and the odd "1"). */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .nullish()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .catch(false);

/** Nested arrays: keep the entries that parse, drop the rest (they are decoration, not data). */
export const lenientArray = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((list) =>
      (list ?? []).flatMap((entry) => {
        const result = item.safeParse(entry);
        return result.success ? [result.data as z.output<T>] : [];
      }),
    );

export const siteRef = z.object({ id, url: text });
export const systemUserRef = z.object({ id, username: text });
export const sshKeyRef = z.object({ id, name: text });
export const teamRef = z.object({ id, name: text });

export const providerRef = z
  .object({ name: text, full_name: text.optional() })
  .transform((p) => ({ name: p.name, full_name: p.full_name ?? p.name }))
  .nullish()
  .transform((v) => v ?? null)
  .catch(null);

export const rawServer = z.object({
  id,
  label: optText,
  ip: optText,
  status: optText,
  region: optText,
  region_label: optText,
  os_version: optText,
  cpu: optNumber,
  ram: optNumber,
  database: optText,
  webserver: optText,
  subdomain: optText,
  provider: providerRef,
  sites: lenientArray(siteRef),
  system_users: lenientArray(systemUserRef),
  ssh_keys: lenientArray(sshKeyRef),
});

export const rawSite = z.object({
  id,
  url: text,
  php_version: optText,
  server_id: optId,
  server: z.object({ label: optText }).nullish().catch(null),
  type: optText,
  is_ssl: flag,
  ssl_status: optText,
  resolved_at: optText,
  is_wsod: flag,
  nginx_caching: optText,
  system_user_id: optId,
  system_userid: optId,
});

export const rawSystemUser = z.object({
  id,
  username: text,
  server_id: optId,
  status: optText,
  ssh_access: flag,
  sudo: flag,
  is_primary: flag,
  sites: lenientArray(siteRef),
});

export const rawUser = z.object({
  id,
  name: optText,
  email: optText,
  teams: lenientArray(teamRef),
});

/** Hours, minutes, weekdays: 3 or "03"; anything above `max` (or not a whole number) is null. */
const optSmallInt = (max: number) =>
  z
    .union([z.number().int(), z.string().trim().regex(/^\d+$/).transform(Number)])
    .nullish()
    .transform((v) => (v !== null && v !== undefined && v >= 0 && v <= max ? v : null))
    .catch(null);

/** "local" / "remote" in whatever case GridPane sends. */
const backupLocation = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['local', 'remote']));

/** A backup in the array form of the backup list: `{id, type, tag, created_at, size}`. */
export const rawBackupItem = z.object({
  id: z.union([text, z.number().transform(String)]),
  type: backupLocation,
  tag: optText,
  created_at: text,
  size: optNumber,
  service: optText,
});

export const rawBackupScheduleEntry = z.object({
  type: backupLocation,
  bup_schedule: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['hourly', 'daily', 'weekly', 'monthly']))
    .nullish()
    .transform((v) => v ?? null)
    .catch(null),
  hour: optSmallInt(23),
  minute: optSmallInt(59),
  day: optSmallInt(31),
  service_name: optText,
});

/** One site's item in the schedules list; its schedules keep the entries that parse. */
export const rawBackupSchedule = z.object({
  site_id: id,
  schedule_backups: lenientArray(rawBackupScheduleEntry),
});

/** A site's remote-storage integration; its `token` and `secret_token` are never read. */
export const rawBackupIntegration = z.object({ id, integrated_service: text, integration_name: optText });

/**
 * Retention in days. 0 is null like a missing value: it can mean "never pruned" as well as "not set",
 * and must never read as "kept for 0 days". Negative or unreadable values are null too.
 */
const retainDays = optNumber.transform((v) => (v !== null && v > 0 ? v : null));

export const rawRetention = z.object({ local_retain_days: retainDays, remote_retain_days: retainDays });
export const rawRetentionEntry = z.object({ backup_type: backupLocation, retain_days: retainDays });
