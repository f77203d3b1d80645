import type { Config } from '../config';

/**
 * Reference versions for the fleet view. This machine has no internet, so they live here, with where
 * they come from and when they were read; an operator updates them without a release through
 * FLEET_WORDPRESS_LATEST and FLEET_PHP_EOL (README), which win over this table.
 *
 * PHP: end of security support per branch, https://www.php.net/supported-versions.php and
 * https://www.php.net/eol.php, read 2025-11.
 * WordPress: the latest release, https://wordpress.org/news/category/releases/, read 2025-10.
 */
export const REFERENCE = {
  readOn: '2025-11-01',
  phpSource: 'https://www.php.net/supported-versions.php',
  wordpressSource: 'https://wordpress.org/news/category/releases/',
  wordpressLatest: '6.8.3',
  phpEndOfLife: {
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

export type References = {
  wordpressLatest: string;
  phpEndOfLife: Record<string, string>;
  readOn: string;
  overridden: boolean;
};

/**
 * The references in force: the table, then the operator's values. A site already running a newer
 * WordPress release than the table knows proves that release exists, so it becomes the latest.
 */
export function references(config: Pick<Config, 'fleet'>, seen: string[] = []): References {
  let latest = config.fleet.wordpressLatest ?? REFERENCE.wordpressLatest;
  for (const v of seen) if (parts(v) && compareVersions(v, latest) > 0) latest = v;
  return {
    wordpressLatest: latest,
    phpEndOfLife: { ...REFERENCE.phpEndOfLife, ...config.fleet.phpEndOfLife },
    readOn: REFERENCE.readOn,
    overridden: Boolean(config.fleet.wordpressLatest || Object.keys(config.fleet.phpEndOfLife).length),
  };
}

/** Whether a PHP branch is past its end of life on this day (unknown branches are not flagged). */
export const pastEndOfLife = (endOfLife: string | null, today: string) =>
  endOfLife !== null && endOfLife < today;
