import type { FleetReference, FleetReferences, ReferenceSource } from '../../shared/fleet';
import type { Config } from '../config';
import type { Context } from '../core/context';
import { type CacheState, readCache } from '../provider-cache';
import { PHP_EOL_LABEL, phpBranches } from '../providers/php-eol/keys';
import type { PhpBranch } from '../providers/php-eol/parse';
import { type CoreLatest, WPORG_LABEL, wporgCore } from '../providers/wporg/keys';

/**
 * The built-in reference table: only the fallback, in force while nothing was ever read from the live
 * sources (wordpress.org and endoflife.date, read daily). Each part says on which day it was true.
 *
 * WordPress: the latest release known when this table was written (6.9, released 2 December 2025);
 * later releases come from wordpress.org, or from a site already running one.
 * PHP: the end of security support of each branch, as published on 26 November 2026.
 */
export const FALLBACK = {
  wordpress: {
    latest: '6.9',
    readOn: '2025-12-02',
    url: 'https://wordpress.org/download/releases/',
  },
  php: {
    readOn: '2026-11-26',
    url: 'https://www.php.net/supported-versions.php',
    endOfLife: {
      '5.6': '2018-12-31',
      '7.0': '2019-01-10',
      '7.1': '2019-12-01',
      '7.2': '2020-11-30',
      '7.3': '2021-12-06',
      '7.4': '2022-11-28',
      '8.0': '2023-11-26',
      '8.1': '2025-12-31',
      '8.2': '2026-12-31',
      '8.3': '2027-12-31',
      '8.4': '2028-12-31',
      '8.5': '2029-12-31',
    } as Record<string, string>,
  },
};

/** Where people can see the live sources. */
const LIVE_URL = {
  wordpress: 'https://wordpress.org/download/releases/',
  php: 'https://endoflife.date/php',
};

/** "8.1.27" → "8.1"; null for anything that is not a version. */
export function phpBranch(version: string | null | undefined): string | null {
  const m = /^(\d+)\.(\d+)/.exec(version?.trim() ?? '');
  return m ? `${Number(m[1])}.${Number(m[2])}` : null;
}

/** Numeric parts of a release version ("6.4.3" → [6, 4, 3]); null for betas, RCs and nonsense. */
function parts(version: string): number[] | null {
  return /^\d+(\.\d+){0,2}$/.test(version.trim()) ? version.trim().split('.').map(Number) : null;
}

/** The leading numbers of any version string: "6.9-RC1" → [6, 9]. */
const leading = (version: string) =>
  (/^\d+(\.\d+){0,2}/.exec(version.trim())?.[0] ?? '0').split('.').map(Number);

/** Compares versions by their numbers; "6.4" equals "6.4.0", "6.9-RC1" counts as 6.9. */
export function compareVersions(a: string, b: string): number {
  const x = leading(a);
  const y = leading(b);
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * A branch's end of life: the day its security support ends, or when a source names no day, true
 * (already ended) or false (still supported).
 */
export type EndOfLife = { value: string | boolean; source: ReferenceSource };

/** The references in force: the answer the fleet view shows, plus every branch's end of life. */
export type References = FleetReferences & { phpEndOfLife: Record<string, EndOfLife> };

/** What the live reads left in the provider cache: the last good values, when, and the last error. */
export type LiveReads = { wordpress: CacheState<CoreLatest>; php: CacheState<PhpBranch> };

type Source = Pick<FleetReference, 'source' | 'readAt' | 'url'>;
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`).toISOString();
const lastError = (live: CacheState<unknown>) =>
  live.error
    ? { message: live.error, at: (live.errorAt ?? live.syncedAt ?? new Date(0)).toISOString() }
    : null;

/**
 * The one answer to "which references are in force": the operator's setting (FLEET_WORDPRESS_LATEST,
 * FLEET_PHP_EOL), else the last good live read, else the built-in table, each with its source and when
 * it was read. PHP goes branch by branch: a branch the live list lacks keeps the table's date. A site
 * already running a newer WordPress release than the reference knows proves that release exists, so it
 * becomes the latest.
 */
export function referencesInForce(
  config: Pick<Config, 'fleet'>,
  live: LiveReads,
  seen: string[] = [],
): References {
  const liveLatest = live.wordpress.syncedAt ? live.wordpress.items[0]?.latest : undefined;
  const wordpress: Source & { latest: string } = config.fleet.wordpressLatest
    ? { latest: config.fleet.wordpressLatest, source: 'operator setting' as const, readAt: null, url: null }
    : liveLatest
      ? {
          latest: liveLatest,
          source: WPORG_LABEL,
          readAt: live.wordpress.syncedAt!.toISOString(),
          url: LIVE_URL.wordpress,
        }
      : {
          latest: FALLBACK.wordpress.latest,
          source: 'built-in table' as const,
          readAt: dayStart(FALLBACK.wordpress.readOn),
          url: FALLBACK.wordpress.url,
        };
  let latest = wordpress.latest;
  for (const v of seen) if (parts(v) && compareVersions(v, latest) > 0) latest = v;

  const phpEndOfLife: Record<string, EndOfLife> = {};
  for (const [branch, day] of Object.entries(FALLBACK.php.endOfLife)) {
    phpEndOfLife[branch] = { value: day, source: 'built-in table' };
  }
  const liveBranches = live.php.syncedAt ? live.php.items : [];
  for (const b of liveBranches) phpEndOfLife[b.branch] = { value: b.endOfLife, source: PHP_EOL_LABEL };
  for (const [branch, day] of Object.entries(config.fleet.phpEndOfLife)) {
    phpEndOfLife[branch] = { value: day, source: 'operator setting' };
  }
  const php: Source = liveBranches.length
    ? { source: PHP_EOL_LABEL, readAt: live.php.syncedAt!.toISOString(), url: LIVE_URL.php }
    : { source: 'built-in table' as const, readAt: dayStart(FALLBACK.php.readOn), url: FALLBACK.php.url };

  return {
    wordpress: {
      ...wordpress,
      liveSource: WPORG_LABEL,
      latest,
      seenOnSite: latest !== wordpress.latest,
      error: lastError(live.wordpress),
    },
    php: {
      ...php,
      liveSource: PHP_EOL_LABEL,
      operatorBranches: Object.keys(config.fleet.phpEndOfLife).sort(),
      error: lastError(live.php),
    },
    phpEndOfLife,
  };
}

/** The references in force now: the live reads as the provider cache holds them (see referencesInForce). */
export async function references(
  ctx: Pick<Context, 'db'> & { config: Pick<Config, 'fleet'> },
  seen: string[] = [],
): Promise<References> {
  const [wordpress, php] = await Promise.all([
    readCache<CoreLatest>(ctx, wporgCore),
    readCache<PhpBranch>(ctx, phpBranches),
  ]);
  return referencesInForce(ctx.config, { wordpress, php }, seen);
}

/**
 * A branch's end of life on this day: its date when one is known, whether it has passed (a branch its
 * source calls ended has, one it calls supported has not), and where that comes from. A branch no
 * reference lists is not flagged.
 */
export function endOfLifeOn(
  refs: Pick<References, 'phpEndOfLife'>,
  branch: string,
  today: string,
): { endOfLife: string | null; pastEndOfLife: boolean; source: ReferenceSource | null } {
  const eol = refs.phpEndOfLife[branch];
  if (!eol) return { endOfLife: null, pastEndOfLife: false, source: null };
  if (typeof eol.value === 'boolean')
    return { endOfLife: null, pastEndOfLife: eol.value, source: eol.source };
  return { endOfLife: eol.value, pastEndOfLife: eol.value < today, source: eol.source };
}
