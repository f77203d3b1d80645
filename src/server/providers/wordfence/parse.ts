/**
 * One record of Wordfence Intelligence's vulnerability feed, turned into our own bounded shape. Each
 * field is read on its own: a field of the wrong type or shape becomes null (or is left out of its
 * list) and the rest of the record is kept. A record without an id, or without one affected piece of
 * software we can match against, is no record at all. Every string is trimmed, stripped of control
 * characters and capped, so one odd record cannot fill a page or a table cell.
 */

export type SoftwareType = 'plugin' | 'theme' | 'core';

/**
 * One affected version range. A null bound is an open one (the feed writes "*"): null `fromVersion`
 * means "every version up to", null `toVersion` "every version from".
 */
export type VersionRange = {
  fromVersion: string | null;
  fromInclusive: boolean;
  toVersion: string | null;
  toInclusive: boolean;
};

export type AffectedSoftware = {
  type: SoftwareType;
  /** The wordpress.org slug, lower-cased; "wordpress" for core unless the feed says otherwise. */
  slug: string;
  name: string;
  /** Whether a fixed version exists; false means no update fixes it yet. */
  patched: boolean;
  patchedVersions: string[];
  /** What Wordfence advises ("Update to version 1.2.4, or a newer patched version"); not in the scanner feed. */
  remediation: string | null;
  ranges: VersionRange[];
};

/** One copyright holder's notice, shown beside every record taken from the feed (the licence asks so). */
export type CopyrightNotice = {
  /** The holder's key in the record ("defiant", "mitre"). */
  name: string;
  notice: string;
  license: string | null;
  licenseUrl: string | null;
};

export type Vulnerability = {
  id: string;
  /** '' when the feed gives none. */
  title: string;
  informational: boolean;
  /** All null in the scanner feed, and when a record has no score yet: severity unknown, not low. */
  cvss: { score: number | null; rating: CvssRating | null; vector: string | null };
  cve: string | null;
  cveLink: string | null;
  /** ISO 8601 in UTC (the feed's dates are UTC written without a zone). */
  published: string | null;
  updated: string | null;
  /** The record's page on wordfence.com: every record shown links to it. */
  reference: string;
  copyrights: { message: string | null; notices: CopyrightNotice[] };
  software: AffectedSoftware[];
};

export type CvssRating = 'None' | 'Low' | 'Medium' | 'High' | 'Critical';

/** Caps: far above anything real, low enough that one record stays a few kilobytes. */
export const LIMITS = {
  id: 64,
  title: 500,
  name: 200,
  slug: 200,
  version: 64,
  remediation: 1000,
  notice: 2000,
  license: 200,
  message: 2000,
  url: 2000,
  vector: 200,
  softwarePerRecord: 200,
  rangesPerSoftware: 200,
  patchedVersions: 50,
  notices: 10,
  references: 50,
} as const;

const ID = /^[A-Za-z0-9-]{1,64}$/;
const SLUG = /^[a-z0-9][a-z0-9._-]*$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._+~-]*$/;
const CVE = /^CVE-\d{4}-\d{4,}$/;
const VECTOR = /^[A-Za-z0-9:/.()]+$/;
const FEED_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z|[+-]00:?00| UTC)?$/;
const RATINGS: readonly CvssRating[] = ['None', 'Low', 'Medium', 'High', 'Critical'];
const TYPES: readonly SoftwareType[] = ['plugin', 'theme', 'core'];

/** The page Wordfence keeps for every record; the reference when the record names none. */
export const recordPage = (id: string) => `https://www.wordfence.com/threat-intel/vulnerabilities/id/${id}`;

/**
 * One feed entry (`id` is its key in the feed) as a Vulnerability, or null when it has no usable id
 * or no affected software we can match against.
 */
export function normaliseRecord(id: string, raw: unknown): Vulnerability | null {
  const record = asObject(raw);
  if (!record) return null;
  const key = identifier(id) ?? identifier(record.id);
  if (!key) return null;
  const software = list(record.software, LIMITS.softwarePerRecord)
    .map(toSoftware)
    .filter((s): s is AffectedSoftware => s !== null);
  if (software.length === 0) return null;
  return {
    id: key,
    title: text(record.title, LIMITS.title) ?? '',
    informational: record.informational === true,
    cvss: toCvss(record.cvss),
    cve: cveId(record.cve),
    cveLink: webUrl(record.cve_link),
    published: feedDate(record.published),
    updated: feedDate(record.updated),
    reference: wordfenceReference(record.references) ?? recordPage(key),
    copyrights: toCopyrights(record.copyrights),
    software,
  };
}

function toSoftware(raw: unknown): AffectedSoftware | null {
  const entry = asObject(raw);
  if (!entry) return null;
  const type = TYPES.find((t) => t === entry.type);
  if (!type) return null;
  const slug = slugOf(entry.slug) ?? (type === 'core' ? 'wordpress' : null);
  if (!slug) return null;
  const ranges = rangeList(entry.affected_versions)
    .map(toRange)
    .filter((r): r is VersionRange => r !== null);
  // A piece of software without a range we can read can never be matched against a site.
  if (ranges.length === 0) return null;
  const patchedVersions = [
    ...new Set(
      list(entry.patched_versions, LIMITS.patchedVersions * 2)
        .map(version)
        .filter((v): v is string => v !== null),
    ),
  ].slice(0, LIMITS.patchedVersions);
  return {
    type,
    slug,
    name: text(entry.name, LIMITS.name) ?? slug,
    patched: entry.patched === true,
    patchedVersions,
    remediation: text(entry.remediation, LIMITS.remediation),
    ranges,
  };
}

/** `affected_versions` is an object keyed by a label ("1.0.0 - 1.2.3"); its values are the ranges. */
function rangeList(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw.slice(0, LIMITS.rangesPerSoftware);
  const ranges = asObject(raw);
  return ranges ? Object.values(ranges).slice(0, LIMITS.rangesPerSoftware) : [];
}

function toRange(raw: unknown): VersionRange | null {
  const range = asObject(raw);
  if (!range) return null;
  const from = bound(range.from_version);
  const to = bound(range.to_version);
  if (from === undefined || to === undefined) return null;
  return {
    fromVersion: from,
    // A flag that is missing or not a boolean counts as inclusive: a site exactly at the bound is
    // reported rather than missed.
    fromInclusive: range.from_inclusive !== false,
    toVersion: to,
    toInclusive: range.to_inclusive !== false,
  };
}

/** A range bound: a version, null for "*" (open), undefined when unreadable (the range is dropped). */
function bound(raw: unknown): string | null | undefined {
  if (typeof raw === 'string' && raw.trim() === '*') return null;
  return version(raw) ?? undefined;
}

function version(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  return value.length <= LIMITS.version && VERSION.test(value) ? value : null;
}

function slugOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim().toLowerCase();
  return value.length <= LIMITS.slug && SLUG.test(value) ? value : null;
}

function toCvss(raw: unknown): Vulnerability['cvss'] {
  const cvss = asObject(raw);
  if (!cvss) return { score: null, rating: null, vector: null };
  const { score, rating, vector } = cvss;
  const validScore = typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 10;
  const name = typeof rating === 'string' ? rating.trim().toLowerCase() : null;
  const vectorText = typeof vector === 'string' ? vector.trim() : '';
  return {
    score: validScore ? Math.round(score * 10) / 10 : null,
    rating: RATINGS.find((r) => r.toLowerCase() === name) ?? null,
    vector: vectorText.length <= LIMITS.vector && VECTOR.test(vectorText) ? vectorText : null,
  };
}

function toCopyrights(raw: unknown): Vulnerability['copyrights'] {
  const copyrights = asObject(raw);
  if (!copyrights) return { message: null, notices: [] };
  const notices: CopyrightNotice[] = [];
  for (const [name, value] of Object.entries(copyrights)) {
    if (name === 'message' || notices.length >= LIMITS.notices) continue;
    const holder = asObject(value);
    const key = text(name, LIMITS.name);
    const notice = holder && text(holder.notice, LIMITS.notice);
    if (!holder || !key || !notice) continue;
    notices.push({
      name: key,
      notice,
      license: text(holder.license, LIMITS.license),
      licenseUrl: webUrl(holder.license_url),
    });
  }
  return { message: text(copyrights.message, LIMITS.message), notices };
}

/** The first of the record's references that is a page on wordfence.com. */
function wordfenceReference(raw: unknown): string | null {
  for (const item of list(raw, LIMITS.references)) {
    const url = webUrl(item);
    if (!url) continue;
    const { protocol, hostname } = new URL(url);
    if (protocol === 'https:' && (hostname === 'wordfence.com' || hostname.endsWith('.wordfence.com'))) {
      return url;
    }
  }
  return null;
}

/**
 * The feed's "2026-05-01 00:00:00" (UTC, no zone) as "2026-05-01T00:00:00.000Z"; null when absent or
 * not a real date.
 */
export function feedDate(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const match = FEED_DATE.exec(raw.trim());
  if (!match) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls "2026-02-30" over into March: only a date that survives the round trip is real.
  const same =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s;
  return same ? date.toISOString() : null;
}

function cveId(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim().toUpperCase();
  return value.length <= 32 && CVE.test(value) ? value : null;
}

/** An http(s) address without credentials, no longer than the cap; anything else is not a link we show. */
function webUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value.length === 0 || value.length > LIMITS.url) return null;
  try {
    const url = new URL(value);
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

function identifier(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  return value.length <= LIMITS.id && ID.test(value) ? value : null;
}

/** Printable text on one line, trimmed and capped (with "…" when cut); null when nothing is left. */
export function text(raw: unknown, max: number): string | null {
  if (typeof raw !== 'string') return null;
  // Control characters (line breaks and tabs among them) become spaces; runs of spaces become one.
  const value = raw
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (value.length === 0) return null;
  if (value.length <= max) return value;
  let cut = value.slice(0, max - 1);
  // Never leave half of a surrogate pair (an emoji cut in two) at the end.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function list(raw: unknown, max: number): unknown[] {
  return Array.isArray(raw) ? raw.slice(0, max) : [];
}

function asObject(raw: unknown): Record<string, unknown> | null {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : null;
}
