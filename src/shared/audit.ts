import { z } from 'zod';
import { dayParam, parseDay } from './dates';
import { filterId, pageMeta, pageParam, pageSizeParam } from './lists';

/**
 * The audit log: who changed what through the API, one entry per successful change, kept in a keyed
 * hash chain so an entry altered, re-hashed or removed in the database is found. Admins and Owners read
 * it.
 */
export const AUDIT_ACTOR_TYPES = ['user', 'token', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** What a secret's value reads as in an entry's changes. */
export const REDACTED = '[redacted]';

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /**
   * A person in the browser (`user`) or through one of their personal API tokens (`token`): the id and
   * name are the person's, `token` names the token they used (null in the browser). Agency Hub itself
   * (`system`, id 0) writes the entries of its own upkeep of the log, such as re-keying its chain.
   */
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.number().int(),
    name: z.string(),
    token: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
  /** What was done, named after the route: `clients.create`, `clients.tags.delete`, `checks.pause`. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /**
   * What changed, field by field: `{ before, after }` for a field of the target that changed (only
   * `after` on a create, only `before` on a delete), `{ after }` for what the request sent that is not a
   * field of the target (a tag given to a client). Secrets read "[redacted]".
   */
  changes: z
    .record(z.string(), z.object({ before: z.unknown().optional(), after: z.unknown().optional() }))
    .nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const text = (name: string) =>
  z.string().trim().min(1, `${name} must not be empty`).max(200, `${name} must be at most 200 characters`);

/**
 * The filters of GET /api/audit and its CSV: who (`actorId`: the person, whether in the browser or by
 * token), what (`action`), on what (`targetType`, `targetId`) and when (`from`, `to`: UTC days, both
 * included, within the accepted range by `now`).
 */
export const auditFiltersAt = (now: () => Date) => ({
  actorId: filterId('actorId').optional(),
  action: text('action').optional(),
  targetType: text('targetType').optional(),
  targetId: text('targetId').optional(),
  from: dayParam('from', now).optional(),
  to: dayParam('to', now).optional(),
});
export const AUDIT_FILTER_KEYS = ['actorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

export const AUDIT_FROM_AFTER_TO = 'from must be on or before to';

const periodInOrder = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from === undefined || q.to === undefined) return;
  const from = parseDay(q.from);
  const to = parseDay(q.to);
  if (from !== null && to !== null && from > to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: AUDIT_FROM_AFTER_TO });
};

/** GET /api/audit: a page of entries, newest first, with the filters. */
export const auditQueryAt = (now: () => Date) =>
  z
    .strictObject({ page: pageParam.optional(), pageSize: pageSizeParam.optional(), ...auditFiltersAt(now) })
    .superRefine(periodInOrder);
export type AuditQuery = z.output<ReturnType<typeof auditQueryAt>>;

/** GET /api/audit/export.csv: the same filters, every matching entry (newest first). */
export const auditExportQueryAt = (now: () => Date) =>
  z.strictObject(auditFiltersAt(now)).superRefine(periodInOrder);
export type AuditFilters = z.output<ReturnType<typeof auditExportQueryAt>>;

export const auditPage = z.object({ data: z.array(auditEntry), ...pageMeta });
export type AuditPage = z.infer<typeof auditPage>;

/** What a chain check can find wrong, each about one entry. */
export const AUDIT_FINDING_KINDS = ['edited', 'rechained', 'truncated', 'removed'] as const;
export type AuditFindingKind = (typeof AUDIT_FINDING_KINDS)[number];

/**
 * One problem the chain check found:
 *
 * - `edited`: the entry's fields no longer match its keyed hash (changed in the database).
 * - `rechained`: from this entry on (for as many entries as the message says) the chain links up but
 *   was hashed without the audit key: someone recomputed it after changing, adding or removing entries.
 * - `truncated`: the newest entries are gone; the entry named is the newest one written, as recorded
 *   outside the database.
 * - `removed`: an entry just before this one was removed (its link to the entry before it is broken).
 *
 * `message` says it in plain words for the Audit page.
 */
export const auditFinding = z.object({
  kind: z.enum(AUDIT_FINDING_KINDS),
  entryId: z.number().int(),
  message: z.string(),
});
export type AuditFinding = z.infer<typeof auditFinding>;

/** At most this many findings are listed; `findingsOmitted` counts the rest. */
export const AUDIT_MAX_FINDINGS = 100;

/**
 * GET /api/audit/verify: whether every kept entry still carries the keyed hash it was written with, in
 * an unbroken chain that ends where the last entry written ended it. Entries older than the oldest kept
 * one (gone by retention) are not missed.
 */
export const auditVerification = z.object({
  ok: z.boolean(),
  /** Entries checked: every kept entry. */
  checked: z.number().int(),
  /** The lowest entry id a finding names; null when intact. */
  firstBrokenId: z.number().int().nullable(),
  /** Every problem found, in id order (the first `AUDIT_MAX_FINDINGS`). */
  findings: z.array(auditFinding),
  /** Findings beyond those listed. */
  findingsOmitted: z.number().int(),
});
export type AuditVerification = z.infer<typeof auditVerification>;
