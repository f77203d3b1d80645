import { z } from 'zod';
import { pageMeta } from './lists';
import { WEBSITE_HOSTS } from './websites';

/**
 * Updates of plugins, themes and WordPress itself, run site by site: a maintenance window, the site's
 * health before, a backup, the update through the host, the versions read again and the health after,
 * and a rollback when the site did not come back as it was.
 */
export const UPDATE_ITEM_TYPES = ['plugin', 'theme', 'core'] as const;
export type UpdateItemType = (typeof UPDATE_ITEM_TYPES)[number];

export const UPDATE_RUN_STATUSES = ['scheduled', 'running', 'done', 'failed', 'cancelled'] as const;
export type UpdateRunStatus = (typeof UPDATE_RUN_STATUSES)[number];

export const UPDATE_SITE_STATUSES = [
  'pending',
  'skipped',
  'backing-up',
  'updating',
  'verifying',
  'rolling-back',
  'done',
  'rolled-back',
  'failed',
] as const;
export type UpdateSiteStatus = (typeof UPDATE_SITE_STATUSES)[number];
/** A site whose steps are over, one way or another. */
export const FINISHED_SITE_STATUSES: readonly UpdateSiteStatus[] = [
  'skipped',
  'done',
  'rolled-back',
  'failed',
];

export const UPDATE_SITE_STATUS_LABELS: Record<UpdateSiteStatus, string> = {
  pending: 'Waiting',
  skipped: 'Skipped',
  'backing-up': 'Backing up',
  updating: 'Updating',
  verifying: 'Verifying',
  'rolling-back': 'Rolling back',
  done: 'Updated',
  'rolled-back': 'Rolled back',
  failed: 'Failed',
};
export const UPDATE_RUN_STATUS_LABELS: Record<UpdateRunStatus, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What became of one item on one site. */
/** What became of an item; `not-started`: its site ended (skipped, failed before the update) without it being sent. */
export const UPDATE_ITEM_RESULTS = [
  'pending',
  'updated',
  'not-changed',
  'rolled-back',
  'failed',
  'not-started',
] as const;
export type UpdateItemResult = (typeof UPDATE_ITEM_RESULTS)[number];

/** The steps of one site, in order (rollback and its check only when the update did not verify). */
export const UPDATE_STEPS = [
  'maintenance',
  'health-before',
  'backup',
  'update',
  'verify',
  'health-after',
  'rollback',
  'verify-rollback',
  'close-maintenance',
] as const;
export type UpdateStep = (typeof UPDATE_STEPS)[number];
export const UPDATE_STEP_LABELS: Record<UpdateStep, string> = {
  maintenance: 'Maintenance window opened',
  'health-before': 'Health before',
  backup: 'Backup',
  update: 'Update at the host',
  verify: 'Versions read again',
  'health-after': 'Health after',
  rollback: 'Rollback',
  'verify-rollback': 'Rollback verified',
  'close-maintenance': 'Maintenance window closed',
};
export const UPDATE_STEP_RESULTS = ['started', 'ok', 'failed', 'skipped'] as const;
export type UpdateStepResult = (typeof UPDATE_STEP_RESULTS)[number];

/** A plugin's or theme's slug as WordPress names its folder. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;
/** A version an update may go to is at most this long. */
export const TARGET_VERSION_MAX_LENGTH = 32;
/**
 * The one grammar of a version an update may go to, whoever names it (a person, a site's plugin list, a
 * host's offered update, wordpress.org): one to four numbers joined by dots, then optionally a
 * pre-release or build suffix of letters and digits in parts joined by dots, dashes or pluses ("6.4",
 * "9.4.2.1", "1.0.0-beta.2", "2.3.1-RC1", "3.1beta2", "1.0+build"). Nothing else — no space, no shell
 * character, no leading dash — so a version never changes the meaning of a command it is put in.
 */
export const TARGET_VERSION_PATTERN = /^\d+(?:\.\d+){0,3}(?:[-+.]?[0-9A-Za-z]+(?:[-+.][0-9A-Za-z]+)*)?$/;

/** Whether `value` is a version an update may go to (the grammar above, at most 32 characters). */
export function isTargetVersion(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= TARGET_VERSION_MAX_LENGTH &&
    TARGET_VERSION_PATTERN.test(value)
  );
}

/**
 * A value read from a site or a host that failed its check (a version, a slug), fit to quote in a
 * sentence: characters other than printable ASCII shown as "?", cut to 40 characters with "…" after.
 */
export function shownValue(value: unknown): string {
  const text = String(value ?? '').replace(/[^\x20-\x7E]/g, '?');
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const SLUG_MESSAGE = 'slug must be a plugin or theme folder name: lowercase letters, digits, dots, dashes';
const VERSION_MESSAGE = `targetVersion must be a version such as 6.0.2 or 1.0.0-beta.2: numbers joined by dots, an optional suffix of letters and digits, at most ${TARGET_VERSION_MAX_LENGTH} characters`;

export const updateRunItem = z
  .strictObject({
    type: z.enum(UPDATE_ITEM_TYPES, { error: 'type must be plugin, theme or core' }),
    slug: z.string({ error: SLUG_MESSAGE }).regex(SLUG_PATTERN, SLUG_MESSAGE).optional(),
    targetVersion: z
      .string({ error: VERSION_MESSAGE })
      .refine((v) => isTargetVersion(v), VERSION_MESSAGE)
      .optional(),
  })
  .refine((i) => (i.type === 'core' ? i.slug === undefined : i.slug !== undefined), {
    message: 'A plugin or theme needs its slug; WordPress itself (core) takes none',
    path: ['slug'],
  });
export type UpdateRunItem = z.infer<typeof updateRunItem>;

/** At most this many sites in one run: a fleet's worth, started a few at a time. */
export const MAX_RUN_SITES = 5_000;
export const MAX_RUN_CONCURRENCY = 10;
export const DEFAULT_RUN_CONCURRENCY = 3;

const idOf = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be positive`);

/** POST /api/updates/runs: what to update, where, and how. */
export const createUpdateRunBody = z
  .strictObject({
    items: z
      .array(updateRunItem, { error: 'items must be a list' })
      .min(1, 'Choose at least one thing to update')
      .max(50, 'At most 50 items in one run'),
    websiteIds: z
      .array(idOf('Each website id'), { error: 'websiteIds must be a list of website ids' })
      .min(1, 'Choose at least one website')
      .max(MAX_RUN_SITES, `At most ${MAX_RUN_SITES} websites in one run`)
      .optional(),
    clientId: idOf('clientId').optional(),
    /** The first site runs alone; the others start only once it verified. */
    canary: z.boolean({ error: 'canary must be true or false' }).optional(),
    startsAt: z.iso
      .datetime({ offset: true, error: 'startsAt must be a date and time (ISO 8601)' })
      .optional(),
    concurrency: z
      .number({ error: 'concurrency must be a number' })
      .int('concurrency must be a whole number')
      .min(1, 'concurrency must be at least 1')
      .max(MAX_RUN_CONCURRENCY, `concurrency must be at most ${MAX_RUN_CONCURRENCY}`)
      .optional(),
    /** No backup first when the site's newest backup is younger than this. */
    skipBackupIfNewerThanMinutes: z
      .number({ error: 'skipBackupIfNewerThanMinutes must be a number' })
      .int('skipBackupIfNewerThanMinutes must be a whole number')
      .min(1, 'skipBackupIfNewerThanMinutes must be at least 1')
      .max(1440, 'skipBackupIfNewerThanMinutes must be at most 1440 (a day)')
      .optional(),
  })
  .refine((b) => !(b.websiteIds && b.clientId), {
    message: 'Send websiteIds or clientId, not both',
    path: ['websiteIds'],
  });
export type CreateUpdateRunBody = z.infer<typeof createUpdateRunBody>;

/** One site of a plan shown before a run is asked for: what it would update, or why it is left out. */
export const plannedUpdateSite = z.object({
  websiteId: z.number().int(),
  domain: z.string(),
  host: z.enum(WEBSITE_HOSTS),
  status: z.enum(['pending', 'skipped']),
  /** Why it is left out (null for a site that would be updated). */
  reason: z.string().nullable(),
  /** The installed version and the one it would move to. */
  items: z.array(
    z.object({
      type: z.enum(UPDATE_ITEM_TYPES),
      slug: z.string().nullable(),
      from: z.string(),
      to: z.string(),
    }),
  ),
  /**
   * On a site that would be updated, the items asked for that it leaves out because the site reports a
   * version outside the version grammar, each with why (absent: none).
   */
  leftOut: z
    .array(z.object({ type: z.enum(UPDATE_ITEM_TYPES), slug: z.string().nullable(), reason: z.string() }))
    .optional(),
  /** The site's newest backup (null: none known). */
  lastBackupAt: z.string().nullable(),
});
export type PlannedUpdateSite = z.infer<typeof plannedUpdateSite>;

/**
 * POST /api/updates/plan: what POST /api/updates/runs would do with the same body, written nowhere.
 * The sites to update first, in the order the run would take them, then those left out.
 */
export const updateRunPlan = z.object({
  sites: z.array(plannedUpdateSite),
  pending: z.number().int(),
  skipped: z.number().int(),
});
export type UpdateRunPlan = z.infer<typeof updateRunPlan>;

export const updateSiteItem = z.object({
  type: z.enum(UPDATE_ITEM_TYPES),
  slug: z.string().nullable(),
  /** The installed version when the run was planned, and the one asked for. */
  from: z.string(),
  to: z.string(),
  result: z.enum(UPDATE_ITEM_RESULTS),
});
export type UpdateSiteItem = z.infer<typeof updateSiteItem>;

export const updateSiteStep = z.object({
  step: z.enum(UPDATE_STEPS),
  at: z.string(),
  result: z.enum(UPDATE_STEP_RESULTS),
  detail: z.string().nullable(),
});
export type UpdateSiteStepView = z.infer<typeof updateSiteStep>;

export const updateRunSite = z.object({
  websiteId: z.number().int(),
  domain: z.string(),
  host: z.enum(WEBSITE_HOSTS),
  status: z.enum(UPDATE_SITE_STATUSES),
  /** Why it was skipped, failed or rolled back. */
  reason: z.string().nullable(),
  /** The site's newest backup when the run was planned (null: none known). */
  lastBackupAt: z.string().nullable(),
  items: z.array(updateSiteItem),
  steps: z.array(updateSiteStep),
});
export type UpdateRunSite = z.infer<typeof updateRunSite>;

export const updateRunCounts = z.object({
  sites: z.number().int(),
  pending: z.number().int(),
  running: z.number().int(),
  done: z.number().int(),
  rolledBack: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type UpdateRunCounts = z.infer<typeof updateRunCounts>;

const runHead = {
  id: z.number().int(),
  status: z.enum(UPDATE_RUN_STATUSES),
  /** "contact-form-7 → 6.0.2", "Everything pending", … */
  title: z.string(),
  requestedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  startsAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cancelRequestedAt: z.string().nullable(),
  canary: z.boolean(),
  concurrency: z.number().int(),
  counts: updateRunCounts,
};

/** GET /api/updates/runs/{id}. */
export const updateRun = z.object({
  ...runHead,
  items: z.array(
    z.object({
      type: z.enum(UPDATE_ITEM_TYPES),
      slug: z.string().nullable(),
      targetVersion: z.string().nullable(),
    }),
  ),
  skipBackupIfNewerThanMinutes: z.number().int().nullable(),
  sites: z.array(updateRunSite),
});
export type UpdateRun = z.infer<typeof updateRun>;

export const updateRunListItem = z.object(runHead);
export type UpdateRunListItem = z.infer<typeof updateRunListItem>;

/** GET /api/updates/runs: newest first. */
export const updateRunPage = z.object({ data: z.array(updateRunListItem), ...pageMeta });
export type UpdateRunPage = z.infer<typeof updateRunPage>;

export const updateRunListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

export const updateRunCreated = z.object({ id: z.number().int() });
