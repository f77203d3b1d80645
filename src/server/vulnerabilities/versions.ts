/**
 * Version comparison for WordPress core, plugins and themes, and matching of a version against the
 * affected version ranges a vulnerability feed (Wordfence Intelligence) lists.
 *
 * Versions compare as PHP's version_compare does, so the answer agrees with WordPress and with the
 * plugins that read the same feed. Nothing here throws: any string is a version, junk included (use
 * isVersion to reject junk before storing it).
 */

import type { VersionRange } from '../providers/wordfence/parse';

/** Comparison options: `pad` makes a missing part equal to 0 when the other version has a number there. */
export type CompareOptions = { pad?: boolean };

/** The rank every number has among the words, so a word and a number can be ordered. */
const NUMBER_RANK = 4;

/**
 * The rank of a word part, as PHP's version_compare ranks it: dev < alpha = a < beta = b < RC = rc <
 * (any number) < pl = p. Like PHP, a word is ranked by how it begins: one beginning with "dev" ranks
 * as dev, with "a" as alpha, with "b" as beta, with "rc" (in any letter case) as RC, with "p" as pl, so
 * "build" ranks as beta and "patch" as pl. Apart from RC, the names count only in lower case. Any
 * other word ranks lowest, below dev.
 */
function wordRank(word: string): number {
  if (word.startsWith('dev')) return 0;
  if (word.startsWith('a')) return 1;
  if (word.startsWith('b')) return 2;
  if (/^rc/i.test(word)) return 3;
  if (word.startsWith('p')) return 5;
  return -1;
}

const isNumber = (part: string) => part.charCodeAt(0) >= 48 && part.charCodeAt(0) <= 57;
const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

/**
 * The parts of a version: runs of digits and runs of letters, in order. Surrounding space is ignored;
 * every other character (`.`, `-`, `_`, `+`, anything else) separates parts, and a change between
 * letters and digits separates them too, so "1.0rc1" has the parts 1, 0, rc, 1. Empty parts are
 * dropped ("1..2" is 1, 2).
 */
function partsOf(version: string): string[] {
  return (
    String(version ?? '')
      .trim()
      .match(/[0-9]+|[A-Za-z]+/g) ?? []
  );
}

/** Compares two runs of digits by value, however long ("01" equals "1", "10" is above "9"). */
function compareNumbers(x: string, y: string): -1 | 0 | 1 {
  const a = x.replace(/^0+/, '');
  const b = y.replace(/^0+/, '');
  if (a.length !== b.length) return sign(a.length - b.length);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares two parts: numbers by value, words by rank, a word against a number by the word's rank. */
function compareParts(x: string, y: string): -1 | 0 | 1 {
  const xNumber = isNumber(x);
  const yNumber = isNumber(y);
  if (xNumber && yNumber) return compareNumbers(x, y);
  return sign((xNumber ? NUMBER_RANK : wordRank(x)) - (yNumber ? NUMBER_RANK : wordRank(y)));
}

/**
 * Compares two versions as PHP's version_compare does: -1 when `a` is older, 0 when equal, 1 when newer.
 * Numbers compare by value ("1.10" > "1.9"); words rank dev < alpha = a < beta = b < RC = rc < (any
 * number) < pl = p, and an unknown word ranks below dev.
 *
 * Where one version has a part the other lacks, that part decides. A word other than pl/p is below
 * the missing part ("2.0.dev" < "2.0", "1.0.0-rc1" < "1.0.0") and pl/p is above it ("10.0.0pl" >
 * "10.0.0"). A number is above the missing part ("1.0" < "1.0.0"), unless `pad` is set: then the
 * missing part counts as 0 ("1.0" equals "1.0.0", "1.0" < "1.0.0.1").
 *
 * A version with no parts at all (empty, or only separators) is below every other and equals another
 * such version.
 */
export function compareVersions(a: string, b: string, options: CompareOptions = {}): -1 | 0 | 1 {
  const x = partsOf(a);
  const y = partsOf(b);
  if (x.length === 0 || y.length === 0) return sign(x.length - y.length);
  const length = Math.max(x.length, y.length);
  for (let i = 0; i < length; i++) {
    const xi = x[i];
    const yi = y[i];
    if (xi !== undefined && yi !== undefined) {
      const c = compareParts(xi, yi);
      if (c !== 0) return c;
      continue;
    }
    // Only one side has this part: its standing against the missing part decides, seen from `a`.
    const present = (xi ?? yi) as string;
    const side = xi !== undefined ? 1 : -1;
    if (isNumber(present)) {
      if (!options.pad) return side;
      const c = compareNumbers(present, '0');
      if (c !== 0) return (c * side) as -1 | 1;
      continue;
    }
    return (sign(wordRank(present) - NUMBER_RANK) * side) as -1 | 0 | 1;
  }
  return 0;
}

/**
 * Whether a version lies in a range. Bounds compare with padding, so a range from 6.4.0 includes
 * "6.4"; an inclusive bound includes the version equal to it, an exclusive one does not; a null bound
 * (the feed's `*`) leaves that side open.
 */
export function inRange(version: string, range: VersionRange): boolean {
  if (range.fromVersion !== null) {
    const c = compareVersions(version, range.fromVersion, { pad: true });
    if (c < 0 || (c === 0 && !range.fromInclusive)) return false;
  }
  if (range.toVersion !== null) {
    const c = compareVersions(version, range.toVersion, { pad: true });
    if (c > 0 || (c === 0 && !range.toInclusive)) return false;
  }
  return true;
}

/** Whether any of the ranges holds the version (none when the list is empty). */
export function affected(version: string, ranges: readonly VersionRange[]): boolean {
  return ranges.some((range) => inRange(version, range));
}

/**
 * Whether a string looks like a version worth storing: 1 to 64 characters, only letters, digits and
 * `.`, `_`, `+`, `-`, with at least one digit.
 */
export function isVersion(text: string): boolean {
  return typeof text === 'string' && text.length <= 64 && /^[0-9A-Za-z._+-]+$/.test(text) && /\d/.test(text);
}
