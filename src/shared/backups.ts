import { z } from 'zod';
import { filterEnum, filterId, listQuery, pageMeta } from './lists';
import { WEBSITE_HOSTS } from './websites';

/**
 * A website's backups as its host reports them. A site is backed up "recently" when its newest backup
 * is younger than the threshold (a daily backup that ran a little late is still recent), "old" when it
 * is older, "never" when its host was read and lists none, and "unknown" while its host has not been
 * read (or cannot tell): not known is not safe, so "unknown" never counts as backed up.
 */
export const BACKUP_STATES = ['never', 'old', 'unknown', 'recent'] as const;
export type BackupState = (typeof BACKUP_STATES)[number];
export const backupState = z.enum(BACKUP_STATES);

export const BACKUP_STATE_LABELS: Record<BackupState, string> = {
  recent: 'Backed up',
  old: 'Backup too old',
  never: 'No backup',
  unknown: 'Not known',
};

/** Hours after which a site's newest backup is too old (a day, plus two hours of slack). */
export const BACKUP_THRESHOLD_HOURS = 26;

/** When the host made it: on its schedule, by a person, a download copy, or by the host itself (before a change). */
export const BACKUP_KINDS = ['automatic', 'manual', 'downloadable', 'system'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  automatic: 'Automatic',
  manual: 'Manual',
  downloadable: 'Downloadable',
  system: 'System',
};

/** Where a copy is kept: on the server itself, or off-site (remote, with its service). */
export const BACKUP_LOCATIONS = ['local', 'remote'] as const;
export type BackupLocation = (typeof BACKUP_LOCATIONS)[number];
export const BACKUP_LOCATION_LABELS: Record<BackupLocation, string> = {
  local: 'On the server',
  remote: 'Off-site',
};

export const BACKUP_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

/** GET /api/backups/summary: the fleet's websites by backup state, and the settings that put them at risk. */
export const backupSummary = z.object({
  recent: z.number().int(),
  old: z.number().int(),
  never: z.number().int(),
  unknown: z.number().int(),
  /** Websites whose host says no off-site copy is scheduled. */
  remoteOff: z.number().int(),
  /** Websites whose host says automatic backups are off. */
  automaticOff: z.number().int(),
  thresholdHours: z.number().int(),
});
export type BackupSummary = z.infer<typeof backupSummary>;

export const backupFilters = {
  serverId: filterId('serverId').optional(),
  tagId: filterId('tagId').optional(),
  clientId: filterId('clientId').optional(),
  host: filterEnum('host', WEBSITE_HOSTS).optional(),
  state: filterEnum('state', BACKUP_STATES).optional(),
};
export const BACKUP_FILTER_KEYS = Object.keys(backupFilters);

/** Worst first by default: no backup, then the oldest, then not known, then the recent ones. */
export const BACKUP_SORTS = ['state', 'domain', 'lastBackupAt'] as const;
export const backupListQuery = listQuery(BACKUP_SORTS, backupFilters);
export type BackupListQuery = z.input<typeof backupListQuery>;
/** The list's query once read (ids as numbers). */
export type BackupListParams = z.output<typeof backupListQuery>;
/** The CSV takes the list's filters and order, without paging. */
export const backupExportQuery = backupListQuery.omit({ page: true, pageSize: true });

export const backupListItem = z.object({
  websiteId: z.number().int(),
  domain: z.string(),
  host: z.enum(WEBSITE_HOSTS),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: backupState,
  lastBackupAt: z.string().nullable(),
  /** Where the newest backup is kept; null when the host does not say. */
  location: z.enum(BACKUP_LOCATIONS).nullable(),
  /** How often the host backs it up on its own; null when the host does not say. */
  schedule: z.enum(BACKUP_FREQUENCIES).nullable(),
  /** Whether the host runs automatic backups at all; null when it does not say. */
  automatic: z.boolean().nullable(),
  retentionDays: z.number().int().nullable(),
  /** When the host's backups were last read; null before the first read. */
  readAt: z.string().nullable(),
});
export type BackupListItem = z.infer<typeof backupListItem>;

export const backupPage = z.object({ data: z.array(backupListItem), ...pageMeta });
export type BackupPage = z.infer<typeof backupPage>;

/** A backup someone asked for: waiting for its job, under way at the host, taken, or failed. */
export const BACKUP_REQUEST_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type BackupRequestStatus = (typeof BACKUP_REQUEST_STATUSES)[number];

/** The tag a backup gets when the person gives none. */
export const DEFAULT_BACKUP_TAG = 'agency-hub';
/** The tag of the backup a restore takes first, of the site as it was. */
export const DEFAULT_RESTORE_TAG = 'before-restore';
/** The tag of the backup an update takes first: what a restore after a failed update puts back. */
export const UPDATE_BACKUP_TAG = 'pre-update';
/**
 * The tag of one run's pre-update backup of a site, "pre-update-run-12". Hosts list backups to the
 * minute, so two backups of a site with one tag taken in one minute cannot be told apart: the run's
 * number keeps each run's backup its own (a run backs a site up once).
 */
export const updateBackupTag = (runId: number) => `${UPDATE_BACKUP_TAG}-run-${runId}`;

/**
 * POST /api/websites/{id}/backups ("back up now"): where (GridPane: on the server or off-site; Kinsta
 * keeps its own) and a tag. Tags are what GridPane accepts everywhere: letters, digits and dashes.
 */
export const backupNowBody = z.strictObject({
  location: z.enum(BACKUP_LOCATIONS, { error: 'location must be local or remote' }).optional(),
  tag: z
    .string({ error: 'tag must be text' })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,32}$/, 'The tag may use letters, digits and dashes, at most 32 characters')
    .refine(
      (t) => !['manual', 'auto'].includes(t.toLowerCase()),
      'The tag cannot be "manual" or "auto": the host keeps those words for its own backups',
    )
    .optional(),
});
export type BackupNowBody = z.infer<typeof backupNowBody>;

/** The longest a website's threshold may be: a month. */
export const MAX_BACKUP_THRESHOLD_HOURS = 720;
export const BACKUP_THRESHOLD_MESSAGE = `Enter a whole number of hours from 1 to ${MAX_BACKUP_THRESHOLD_HOURS}, or clear it to use the default (${BACKUP_THRESHOLD_HOURS} h)`;

/** PATCH /api/websites/{id}/backups: this website's threshold; null goes back to the default. */
export const backupSettingsBody = z.strictObject({
  thresholdHours: z
    .number({ error: BACKUP_THRESHOLD_MESSAGE })
    .int(BACKUP_THRESHOLD_MESSAGE)
    .min(1, BACKUP_THRESHOLD_MESSAGE)
    .max(MAX_BACKUP_THRESHOLD_HOURS, BACKUP_THRESHOLD_MESSAGE)
    .nullable(),
});
export type BackupSettingsBody = z.infer<typeof backupSettingsBody>;

/** 202 to a backup asked for: follow it at GET /api/backups/requests/{id}. */
export const backupRequestAccepted = z.object({
  id: z.number().int(),
  status: z.enum(BACKUP_REQUEST_STATUSES),
});

export const backupRequest = z.object({
  id: z.number().int(),
  /** backup: one taken now; restore: one of the website's backups put back (a backup taken first). */
  action: z.enum(['backup', 'restore']),
  websiteId: z.number().int(),
  domain: z.string(),
  host: z.enum(WEBSITE_HOSTS),
  status: z.enum(BACKUP_REQUEST_STATUSES),
  location: z.enum(BACKUP_LOCATIONS).nullable(),
  tag: z.string(),
  /** Why it was taken: a person asked, or a restore took it first. */
  reason: z.enum(['requested', 'before-restore', 'before-update']),
  /** What the host said: why it failed, or what it took. */
  message: z.string().nullable(),
  requestedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** A restore: the backup put back, as listed when it was asked for. */
  restore: z
    .object({ backupId: z.number().int().nullable(), at: z.string(), note: z.string().nullable() })
    .nullable(),
  /** A restore: the backup it took first, of the site as it was. */
  safetyRequestId: z.number().int().nullable(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BackupRequest = z.infer<typeof backupRequest>;

/**
 * POST /api/websites/{id}/backups/restore: which of the website's backups to put back, and its domain
 * typed as a confirmation (the site is replaced by the backup).
 */
export const restoreBody = z.strictObject({
  backupId: z
    .number({ error: "backupId must be the id of one of the website's backups" })
    .int("backupId must be the id of one of the website's backups")
    .positive("backupId must be the id of one of the website's backups"),
  confirmDomain: z
    .string({ error: "Type the website's domain to confirm" })
    .trim()
    .min(1, "Type the website's domain to confirm"),
});
export type RestoreBody = z.infer<typeof restoreBody>;

export const websiteBackup = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(BACKUP_KINDS),
  location: z.enum(BACKUP_LOCATIONS).nullable(),
  /** The off-site service that keeps it ("wasabi"), when the host names one. */
  service: z.string().nullable(),
  /** The host's tag or note ("pre-update", "Daily Auto Backup"). */
  note: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type WebsiteBackup = z.infer<typeof websiteBackup>;

/** GET /api/websites/{id}/backups: newest first. */
export const websiteBackups = z.object({
  state: backupState,
  lastBackupAt: z.string().nullable(),
  schedule: z.enum(BACKUP_FREQUENCIES).nullable(),
  retentionDays: z.number().int().nullable(),
  /** Whether an off-site copy is scheduled, and whether automatic backups run; null when not known. */
  remote: z.boolean().nullable(),
  automatic: z.boolean().nullable(),
  host: z.enum(WEBSITE_HOSTS),
  readAt: z.string().nullable(),
  /** Why the last read of the host's backups failed (the backups shown are the last good read). */
  error: z.object({ message: z.string(), at: z.string() }).nullable(),
  /** Hours after which this website's newest backup is too old: its own, or the default. */
  thresholdHours: z.number().int(),
  /** Whether the website has its own threshold (false: the default applies). */
  ownThreshold: z.boolean(),
  backups: z.array(websiteBackup),
  /** The last backup someone asked for, under way or done: what "Back up now" shows. */
  lastRequest: backupRequest.nullable(),
});
export type WebsiteBackups = z.infer<typeof websiteBackups>;

/** GET /api/backups/summary: the list's filters but its state (the summary counts every state). */
const { state: _state, ...summaryFilters } = backupFilters;
export const backupSummaryQuery = z.strictObject(summaryFilters);
