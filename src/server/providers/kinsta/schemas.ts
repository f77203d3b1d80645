import { z } from 'zod';

/**
 * Kinsta's JSON as far as we rely on it, read leniently: unknown fields are ignored, a field of the
 * wrong type is read as absent where we can do without it. Kinsta spells some keys in camelCase and
 * others in snake_case (`primaryDomain`, `siteLabels` beside `display_name`); both spellings are read.
 */
const text = z.string().trim().min(1);
const maybeText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null));
const maybeBool = z
  .unknown()
  .optional()
  .transform((v) => v === true);
/** An id Kinsta sends as a UUID string or, for backups, a number. */
const id = z.union([text, z.number().int().nonnegative().transform(String)]);
/** Epoch milliseconds, as a number or a string of digits; null when absent or unreadable. */
const epochMs = z
  .unknown()
  .optional()
  .transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
    return Number.isFinite(n) && n > 0 ? new Date(n) : null;
  });

export const rawValidate = z.object({
  company: text,
  name: maybeText,
  expires_at: epochMs,
  status: maybeText,
});

export const rawDomain = z.object({
  id: id.catch(''),
  name: text,
  is_active: z
    .unknown()
    .optional()
    .transform((v) => v !== false),
  type: maybeText,
});

const domainName = z
  .object({ name: text })
  .transform((d) => d.name)
  .nullable()
  .catch(null);

export const rawEnvironment = z.object({
  id,
  name: text.catch('live'),
  display_name: maybeText,
  is_blocked: maybeBool,
  wordpress_version: maybeText,
  domains: z.array(z.unknown()).catch([]),
  primaryDomain: domainName.optional(),
  primary_domain: domainName.optional(),
  container_info: z.object({ php_engine_version: maybeText }).nullable().catch(null).optional(),
});

export const rawSite = z.object({
  id,
  name: text,
  display_name: maybeText,
  status: maybeText,
  siteLabels: z.array(z.unknown()).catch([]).optional(),
  site_labels: z.array(z.unknown()).catch([]).optional(),
  environments: z.array(z.unknown()).catch([]).optional(),
});

export const rawSoftware = z.object({
  name: text,
  title: maybeText,
  status: maybeText,
  version: maybeText,
  update: maybeText,
  update_version: maybeText,
});

export const rawBackup = z.object({
  id,
  name: maybeText,
  note: maybeText,
  type: maybeText,
  created_at: epochMs,
  expires_at: epochMs.optional(),
});

/** A Kinsta id we may put into a path or a body: letters, digits and dashes (a UUID). */
export const KINSTA_ID = /^[A-Za-z0-9-]{1,64}$/;

/** One item of a company's users: `{ user: { id, email, full_name } }`; a user without an id is unreadable. */
export const rawCompanyUser = z.object({
  user: z.object({ id: z.string().trim().regex(KINSTA_ID), email: maybeText, full_name: maybeText }),
});

/**
 * An operation id as Kinsta hands it out ("backups:add-manual-<uuid>"): letters, digits, dashes and
 * colons only, so it can go into a path (encoded) and nothing else can.
 */
export const OPERATION_ID = /^[A-Za-z0-9:-]{1,128}$/;

/**
 * A plugin's or theme's slug as it may go into an update: lower-case letters and digits, then also dots,
 * dashes and underscores, at most 100 characters.
 */
export const SOFTWARE_SLUG = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** A version an update may ask for ("9.3.4", "2.0.0-beta.1", "1.0+build"): at most 40 characters. */
export const SOFTWARE_VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,39}$/;

/** The 202 that starts a long-running action: `{ operation_id, message, status: 202 }`. */
export const rawOperationStarted = z.object({ operation_id: z.string().trim().regex(OPERATION_ID) });

/** `GET /operations/{id}`: `{ status, message }`, status a number (or a string of digits). */
export const rawOperation = z.object({
  status: z
    .union([z.number().int(), z.string().trim().regex(/^\d+$/).transform(Number)])
    .nullish()
    .transform((v) => v ?? null)
    .catch(null),
  message: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' ? v : null)),
});
