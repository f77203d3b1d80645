import type { RawObject } from './fleet';
import { createRandom, seedOf } from './random';

/**
 * Backups for the fake's sites, as pure functions of the site id and the moment asked, so a site keeps
 * its pattern on every call and the newest backup's age stays realistic whenever a test runs.
 *
 * Automatic backups run daily at 03:00 UTC ("the last 7" are the seven latest 03:00s not after now).
 * - `regular` (most sites): the last 7 days local; half of them also the last 3 days on `wasabi`.
 * - `stopped` (about 1 in 15): the same, but ending `stoppedDays` (2–4) days earlier, so the newest
 *   backup is 2–5 days old; these sites have no schedule any more.
 * - `none` (about 1 in 40): no backups and no schedule, every kind an empty string.
 * About 1 in 6 regular sites also has one manual local backup tagged like "pre-update", always older
 * than the newest automatic one, so the newest backup is always the latest automatic one.
 * Backups a client asks for (`POST /backups/{id}`) are kept by the fake and merged into these.
 * A restore (`POST /backups/restore/{id}`) of a listed backup is recorded; it changes no backup.
 */
export type FakeBackupPattern = 'regular' | 'stopped' | 'none';

export type FakeBackupPlan = {
  siteId: number;
  pattern: FakeBackupPattern;
  /** Backed up to the `wasabi` integration as well as locally. */
  remote: boolean;
  /** Days the automatic backups stopped before the latest 03:00 UTC; 0 unless `stopped`. */
  stoppedDays: number;
  manual: { daysBefore: number; hour: number; minute: number; tag: string } | null;
};

export type FakeBackup = {
  /** "YYYY-MM-DD HH:MM[ tag]", the string the list carries and the restore call takes. */
  id: string;
  at: Date;
  kind: 'automatic' | 'manual';
  location: 'local' | 'remote';
  service: 'wasabi' | null;
  note: string | null;
};

export const FAKE_BACKUP_SERVICE = 'wasabi';
export const LOCAL_BACKUP_DAYS = 7;
export const REMOTE_BACKUP_DAYS = 3;
export const LOCAL_RETAIN_DAYS = 7;
export const REMOTE_RETAIN_DAYS = 30;
/** The hour (UTC) of every automatic backup. */
export const BACKUP_HOUR = 3;
const DAY_MS = 86_400_000;
const TAGS = ['pre-update', 'pre-update', 'before-migration', 'pre-launch'] as const;

export function backupPlan(siteId: number): FakeBackupPlan {
  const random = createRandom(seedOf('gridpane-backups', siteId));
  const roll = random.next();
  const pattern: FakeBackupPattern = roll < 1 / 40 ? 'none' : roll < 1 / 40 + 1 / 15 ? 'stopped' : 'regular';
  const remote = pattern !== 'none' && random.chance(0.5);
  const stoppedDays = pattern === 'stopped' ? random.int(2, 4) : 0;
  const manual =
    pattern === 'regular' && random.chance(1 / 6)
      ? {
          daysBefore: random.int(1, LOCAL_BACKUP_DAYS - 1),
          hour: random.int(8, 18),
          minute: random.int(0, 59),
          tag: random.pick(TAGS),
        }
      : null;
  return { siteId, pattern, remote, stoppedDays, manual };
}

/** The latest 03:00 UTC not after `now`. */
export function latestBackupSlot(now: number): number {
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  const slot = day + BACKUP_HOUR * 3_600_000;
  return slot <= now ? slot : slot - DAY_MS;
}

/** "YYYY-MM-DD HH:MM" in UTC, as GridPane lists backup times. */
export const listedTime = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** Every backup of a site at `now`, newest first, with the ones a client asked for (`added`). */
export function fakeBackupsOf(
  siteId: number,
  now: number = Date.now(),
  added: readonly FakeBackup[] = [],
): FakeBackup[] {
  const plan = backupPlan(siteId);
  if (plan.pattern === 'none') return [...added].sort((a, b) => b.at.getTime() - a.at.getTime());
  const newest = latestBackupSlot(now) - plan.stoppedDays * DAY_MS;
  const automatic = (days: number, location: 'local' | 'remote'): FakeBackup[] =>
    Array.from({ length: days }, (_, i) => {
      const at = newest - i * DAY_MS;
      return {
        id: listedTime(at),
        at: new Date(at),
        kind: 'automatic',
        location,
        service: location === 'remote' ? FAKE_BACKUP_SERVICE : null,
        note: null,
      };
    });
  const backups = [
    ...automatic(LOCAL_BACKUP_DAYS, 'local'),
    ...(plan.remote ? automatic(REMOTE_BACKUP_DAYS, 'remote') : []),
  ];
  if (plan.manual) {
    const { daysBefore, hour, minute, tag } = plan.manual;
    const day = Math.floor(newest / DAY_MS) * DAY_MS - daysBefore * DAY_MS;
    const at = day + hour * 3_600_000 + minute * 60_000;
    backups.push({
      id: `${listedTime(at)} ${tag}`,
      at: new Date(at),
      kind: 'manual',
      location: 'local',
      service: null,
      note: tag,
    });
  }
  backups.push(...added);
  return backups.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** When the site's newest backup was taken at `now`; null when it has none. */
export function newestFakeBackup(siteId: number, now: number = Date.now()): Date | null {
  return fakeBackupsOf(siteId, now)[0]?.at ?? null;
}

/** `GET /backups/original/{id}`: sections by location, each kind one comma-separated string, oldest first. */
export function backupListBody(siteId: number, now: number = Date.now(), added: readonly FakeBackup[] = []) {
  const backups = fakeBackupsOf(siteId, now, added);
  const joined = (location: 'local' | 'remote', kind: FakeBackup['kind']) =>
    backups
      .filter((b) => b.location === location && b.kind === kind)
      .map((b) => b.id)
      .reverse()
      .join(',');
  const section = (location: 'local' | 'remote') => ({
    automatic: joined(location, 'automatic'),
    manual: joined(location, 'manual'),
  });
  return {
    success: true,
    backups: {
      local: section('local'),
      ...(backupPlan(siteId).remote || backups.some((b) => b.location === 'remote')
        ? { [FAKE_BACKUP_SERVICE]: section('remote') }
        : {}),
    },
  };
}

/** A site's item in `GET /backups/schedules`: daily local at 03:00, daily remote when it has one. */
export function backupScheduleItem(site: RawObject): Record<string, unknown> {
  const plan = backupPlan(site.id);
  const entry = (type: 'local' | 'remote', n: number) => ({
    id: site.id * 10 + n,
    type,
    bup_schedule: 'daily',
    hour: String(BACKUP_HOUR).padStart(2, '0'),
    minute: '00',
    day: null,
    service_id: type === 'remote' ? 2783 : null,
    service_name: type === 'remote' ? FAKE_BACKUP_SERVICE : null,
    service_user_id: type === 'remote' ? 1356 : null,
  });
  const schedules =
    plan.pattern === 'regular' ? [entry('local', 1), ...(plan.remote ? [entry('remote', 2)] : [])] : [];
  return { server_id: site.server_id, site_id: site.id, url: site.url, schedule_backups: schedules };
}

/** `GET /backups/prune-schedule/{id}`: 7 days local; 30 days remote, only for a site that backs up remotely. */
export function retentionBody(siteId: number) {
  return {
    success: true,
    local_retain_days: LOCAL_RETAIN_DAYS,
    remote_retain_days: backupPlan(siteId).remote ? REMOTE_RETAIN_DAYS : null,
  };
}

/**
 * The one remote-storage integration of the account, attached to every site that backs up remotely;
 * its keys are in place so tests prove a client drops them.
 */
export const FAKE_INTEGRATION = {
  id: 2783,
  integrated_service: FAKE_BACKUP_SERVICE,
  integration_name: 'Offsite EU',
  token: 'REDACTED-token',
  secret_token: 'REDACTED-secret',
} as const;

export const integrationsOf = (siteId: number) => (backupPlan(siteId).remote ? [FAKE_INTEGRATION] : []);

/** `GET /backups/integrations/{id}`: the site's integrations, an empty list when it has none. */
export const integrationsBody = (siteId: number) => ({
  success: true,
  integrations: integrationsOf(siteId).map((i) => ({ ...i })),
});

/** A tag GridPane takes: letters, digits and dashes, at most 32, and not one of its own two words. */
const TAG = /^[A-Za-z0-9-]{1,32}$/;
const RESERVED_TAGS = new Set(['manual', 'auto']);

type Refusal = { status: number; body: unknown };
const refusal = (code: string, message: string): Refusal => ({
  status: 422,
  body: { error: { code, message } },
});

/**
 * `POST /backups/{id}` with `{type, integration_id (remote only), tag}`: the manual backup it makes at
 * `now` (listed to the minute, as GridPane lists times), or the 422 GridPane answers instead.
 */
/** A write's body as a JSON object; null when it is not one. */
function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function manualBackupFor(
  siteId: number,
  text: string,
  now: number,
): { backup: FakeBackup } | { refused: Refusal } {
  const body = jsonObject(text);
  if (!body) return { refused: refusal('invalid_request', 'The request body must be a JSON object.') };
  const { type, tag, integration_id: integrationId } = body;
  if (type !== 'local' && type !== 'remote') {
    return { refused: refusal('invalid_type', 'The type must be local or remote.') };
  }
  if (typeof tag !== 'string' || !TAG.test(tag) || RESERVED_TAGS.has(tag.toLowerCase())) {
    return { refused: refusal('invalid_tag', 'The tag may only contain letters, numbers and dashes.') };
  }
  let service: FakeBackup['service'] = null;
  if (type === 'remote') {
    if (integrationId === undefined || integrationId === null) {
      return {
        refused: refusal('invalid_integration', 'The integration id is required for a remote backup.'),
      };
    }
    const integration = integrationsOf(siteId).find((i) => i.id === integrationId);
    if (!integration) {
      return { refused: refusal('invalid_integration', 'The integration is not attached to this site.') };
    }
    service = integration.integrated_service;
  }
  const at = Math.floor(now / 60_000) * 60_000;
  return {
    backup: {
      id: `${listedTime(at)} ${tag}`,
      at: new Date(at),
      kind: 'manual',
      location: type,
      service,
      note: tag,
    },
  };
}

/** A restore the fake accepted: which site, from which listed backup, and when it was asked for. */
export type FakeRestore = {
  siteId: number;
  /** The backup's name as listed ("YYYY-MM-DD HH:MM[ tag]"). */
  backup: string;
  /** `local` or the remote storage's service. */
  source: string;
  backupType: FakeBackup['kind'];
  at: Date;
};

/**
 * `POST /backups/restore/{id}` with `{backup_source, source_type, backup_type, backup}`: the restore of a
 * backup the site lists at `now` from that source (`local` or its service) and of that kind, or the 422
 * GridPane answers instead. The fake has no alternative sources, so none of their backups is found.
 */
export function restoreFor(
  siteId: number,
  text: string,
  now: number,
  added: readonly FakeBackup[] = [],
): { restore: FakeRestore } | { refused: Refusal } {
  const body = jsonObject(text);
  if (!body) return { refused: refusal('invalid_request', 'The request body must be a JSON object.') };
  const { backup_source: source, source_type: sourceType, backup_type: backupType, backup } = body;
  if (typeof source !== 'string' || source === '') {
    return { refused: refusal('invalid_backup_source', 'The backup source is required.') };
  }
  if (sourceType !== 'original' && sourceType !== 'alternative') {
    return { refused: refusal('invalid_source_type', 'The source type must be original or alternative.') };
  }
  if (backupType !== 'manual' && backupType !== 'automatic') {
    return { refused: refusal('invalid_backup_type', 'The backup type must be manual or automatic.') };
  }
  const found =
    sourceType === 'original' && typeof backup === 'string'
      ? fakeBackupsOf(siteId, now, added).find(
          (b) =>
            b.id === backup &&
            b.kind === backupType &&
            (source === 'local' ? b.location === 'local' : b.location === 'remote' && b.service === source),
        )
      : undefined;
  if (!found) return { refused: refusal('backup_not_found', 'That backup does not exist.') };
  return { restore: { siteId, backup: found.id, source, backupType, at: new Date(now) } };
}
