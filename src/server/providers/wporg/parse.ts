import { z } from 'zod';

/** A WordPress release number as wordpress.org publishes them: "6.9" or "6.9.1", never a beta. */
export const RELEASE = /^\d{1,3}\.\d{1,3}(\.\d{1,3})?$/;

/**
 * `GET /core/version-check/1.7/`: `offers[0].current` is the latest release. Anything else in the
 * answer may change without breaking this; a missing or odd `current` is no answer at all.
 */
const versionCheck = z.object({
  offers: z.array(z.object({ current: z.string().trim().regex(RELEASE) })).min(1),
});

/** The latest release the version check names, or null when the answer is not a version check. */
export function parseLatestRelease(body: unknown): string | null {
  const parsed = versionCheck.safeParse(body);
  return parsed.success ? parsed.data.offers[0]!.current : null;
}

/** What the plugin directory knows of one plugin. */
export type DirectoryEntry =
  | { status: 'listed'; version: string | null }
  | { status: 'closed'; closedOn: string | null; reason: string | null }
  | { status: 'not_listed' };

const entry = z.object({
  slug: z.string().min(1),
  new_version: z.union([z.string(), z.number()]).optional(),
});
/** A map keyed by plugin file, or `[]`: wordpress.org sends an empty array when there is nothing. */
const byFile = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()).max(0)]);
const updateCheck = z.object({ plugins: byFile, no_update: byFile.optional() });

/**
 * `POST /plugins/update-check/1.1/`: the directory's latest version of every plugin it hosts among
 * those asked, keyed by slug. A plugin it does not host is simply absent (so the answer alone never
 * says a plugin is premium or closed). Null when the answer is not an update check.
 */
export function parseUpdateCheck(body: unknown): Map<string, string | null> | null {
  const parsed = updateCheck.safeParse(body);
  if (!parsed.success) return null;
  const latest = new Map<string, string | null>();
  for (const group of [parsed.data.plugins, parsed.data.no_update ?? []]) {
    for (const value of Array.isArray(group) ? [] : Object.values(group)) {
      const one = entry.safeParse(value);
      if (!one.success) continue;
      const version = one.data.new_version === undefined ? null : String(one.data.new_version).trim();
      latest.set(one.data.slug, version || null);
    }
  }
  return latest;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const info = z.union([
  z.object({
    error: z.literal('closed'),
    closed_date: z.unknown().optional(),
    reason: z.unknown().optional(),
    reason_text: z.unknown().optional(),
  }),
  z.object({ error: z.literal('not_found') }),
  z.object({ slug: z.string().min(1), version: z.union([z.string(), z.number()]).optional() }),
]);

/**
 * `GET /plugins/info/1.2/?action=plugin_information`: listed (with its version), closed (with the day
 * and the reason as wordpress.org words it) or never listed (404 `not_found`). Null for anything else.
 */
export function parsePluginInfo(body: unknown): DirectoryEntry | null {
  const parsed = info.safeParse(body);
  if (!parsed.success) return null;
  const data = parsed.data;
  if ('error' in data && data.error === 'not_found') return { status: 'not_listed' };
  if ('error' in data) {
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    const day = text(data.closed_date);
    return {
      status: 'closed',
      closedOn: day && DAY.test(day.slice(0, 10)) ? day.slice(0, 10) : null,
      reason: text(data.reason_text) ?? text(data.reason),
    };
  }
  return { status: 'listed', version: data.version === undefined ? null : String(data.version) };
}

/** Core's verdict on an installed release. */
export const CORE_VERDICTS = ['latest', 'outdated', 'insecure'] as const;
export type CoreVerdict = (typeof CORE_VERDICTS)[number];
const stableCheck = z.record(z.string(), z.unknown());

/**
 * `GET /core/stable-check/1.0/`: every release with wordpress.org's verdict on it. Entries with another
 * verdict are skipped; null when the answer holds no verdict at all.
 */
export function parseStableCheck(body: unknown): Map<string, CoreVerdict> | null {
  const parsed = stableCheck.safeParse(body);
  if (!parsed.success || Array.isArray(body)) return null;
  const verdicts = new Map<string, CoreVerdict>();
  for (const [version, verdict] of Object.entries(parsed.data)) {
    if (RELEASE.test(version) && CORE_VERDICTS.includes(verdict as CoreVerdict))
      verdicts.set(version, verdict as CoreVerdict);
  }
  return verdicts.size > 0 ? verdicts : null;
}
