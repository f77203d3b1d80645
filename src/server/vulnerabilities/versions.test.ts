import { describe, expect, it } from 'vitest';
import type { VersionRange } from '../providers/wordfence/parse';
import { affected, compareVersions, inRange, isVersion } from './versions';

// Each case: a, b, whether missing parts count as 0 (pad), and how a compares with b.
const cases: [string, string, boolean, -1 | 0 | 1][] = [
  // The required cases.
  ['1.10', '1.9', false, 1],
  ['1.0.0-rc1', '1.0.0', false, -1],
  ['2.0.dev', '2.0', false, -1],
  ['1.0.0-alpha', '1.0.0-dev', false, 1],
  ['9.0.0', '9.0.0rc1', false, 1],
  ['10.0.0', '10.0.0pl', false, -1],
  ['2.0-beta1', '2.0', false, -1],
  ['1.0', '1.0.0', false, -1],
  ['1.0', '1.0.0', true, 0],
  ['6.4', '6.4.0', true, 0],
  ['1.0a', '1.0alpha', false, 0],
  ['1.0RC1', '1.0rc1', false, 0],
  ['1.0-beta', '1.0-alpha', false, 1],
  ['1.2.3', '1.2.3', false, 0],
  // Numbers by value, however many digits, leading zeros ignored.
  ['1.01', '1.1', false, 0],
  ['007', '7', false, 0],
  ['10.0', '9.99', false, 1],
  ['1.0.10', '1.0.2', false, 1],
  ['1.0-rc2', '1.0-rc10', false, -1],
  ['123456789012345678901234567890', '123456789012345678901234567889', false, 1],
  // Words by rank; a word against a number.
  ['1.0-foo', '1.0-dev', false, -1],
  ['1.0-foo', '1.0', false, -1],
  ['1.0-RC1', '1.0-beta9', false, 1],
  ['1.0-Rc1', '1.0-RC1', false, 0],
  ['1.0-b2', '1.0-beta2', false, 0],
  ['1.0-p1', '1.0-pl1', false, 0],
  ['1.0pl1', '1.0.1', false, 1],
  ['1.0-rc1', '1.0.1', false, -1],
  ['abc', '1', false, -1],
  // Words ranked by how they begin, names other than RC in lower case only, as PHP does.
  ['1.0-build', '1.0-alpha', false, 1],
  ['1.0-patch', '1.0', false, 1],
  ['1.0-Beta', '1.0-dev', false, -1],
  // Separators and space.
  ['1..2', '1.2', false, 0],
  ['1_2+3', '1.2.3', false, 0],
  ['1.0rc1', '1.0.rc.1', false, 0],
  [' 1.2 ', '1.2', false, 0],
  // Padding: a missing part is 0 against a number; words keep their standing against it.
  ['1.0.0.1', '1.0', true, 1],
  ['1', '1.0.0.0', true, 0],
  ['6.4.3', '6.4', true, 1],
  ['1.0.0-dev', '1.0', true, -1],
  ['1.0', '1.0.0.dev', true, 1],
  ['1.0pl', '1.0.0', true, 1],
  ['2.0-beta1', '2', true, -1],
  // Versions with no parts.
  ['', '', false, 0],
  ['', '1', false, -1],
  ['', 'dev', false, -1],
  ['', '0', true, -1],
  ['...', '', false, 0],
  ['-', '0', false, -1],
];

describe('compareVersions', () => {
  it.each(cases)('%s against %s (pad %s) is %i, and the reverse its opposite', (a, b, pad, expected) => {
    expect(compareVersions(a, b, { pad })).toBe(expected);
    expect(compareVersions(b, a, { pad })).toBe(expected === 0 ? 0 : -expected);
  });

  it('does not pad unless asked', () => {
    expect(compareVersions('1.0', '1.0.0')).toBe(-1);
    expect(compareVersions('1.0', '1.0.0', {})).toBe(-1);
  });

  it('never throws on garbage', () => {
    const junk = [undefined, null, 12, {}, '<script>', '\u00e9\u00e8', '1.2\n3'] as unknown as string[];
    for (const a of junk) {
      for (const b of junk) {
        expect(() => compareVersions(a, b)).not.toThrow();
        expect(() => compareVersions(a, b, { pad: true })).not.toThrow();
      }
    }
    expect(compareVersions(null as unknown as string, '')).toBe(0);
  });
});

/** A range as the feed writes it: `*` for an open side (the parsed range holds null there). */
const range = (from: string, fromInclusive: boolean, to: string, toInclusive: boolean): VersionRange => ({
  fromVersion: from === '*' ? null : from,
  fromInclusive,
  toVersion: to === '*' ? null : to,
  toInclusive,
});

describe('inRange', () => {
  it('compares with padding, so a range from 6.4.0 includes 6.4', () => {
    const from = range('6.4.0', true, '*', true);
    expect(inRange('6.4', from)).toBe(true);
    expect(inRange('6.4.0', from)).toBe(true);
    expect(inRange('7.0', from)).toBe(true);
    expect(inRange('6.3.9', from)).toBe(false);
    expect(inRange('6.4-beta1', from)).toBe(false);
  });

  it('includes an inclusive bound and everything below an open start', () => {
    const upTo = range('*', true, '1.2.3', true);
    expect(inRange('0.1', upTo)).toBe(true);
    expect(inRange('1.2', upTo)).toBe(true);
    expect(inRange('1.2.3', upTo)).toBe(true);
    expect(inRange('1.2.4', upTo)).toBe(false);
    expect(inRange('1.3', upTo)).toBe(false);
  });

  it('excludes an exclusive bound itself, written either way', () => {
    const between = range('1.0.0', false, '2.0.0', false);
    expect(inRange('1.0.0', between)).toBe(false);
    expect(inRange('1.0', between)).toBe(false);
    expect(inRange('2.0.0', between)).toBe(false);
    expect(inRange('2', between)).toBe(false);
    expect(inRange('1.0.1', between)).toBe(true);
    expect(inRange('1.9.9', between)).toBe(true);
    expect(inRange('2.0.0-beta1', between)).toBe(true);
  });

  it('includes everything when both sides are open', () => {
    const all = range('*', false, '*', false);
    for (const v of ['0', '1.0-dev', '99.9.9', '', 'junk']) expect(inRange(v, all)).toBe(true);
  });
});

describe('affected', () => {
  const ranges = [range('*', true, '1.2.3', true), range('2.0', true, '2.1', false)];

  it('is true when any range holds the version', () => {
    expect(affected('1.0', ranges)).toBe(true);
    expect(affected('2.0.5', ranges)).toBe(true);
  });

  it('is false when none does, or there are none', () => {
    expect(affected('1.5', ranges)).toBe(false);
    expect(affected('2.1', ranges)).toBe(false);
    expect(affected('1.0', [])).toBe(false);
  });
});

describe('isVersion', () => {
  it.each(['1.2.3', '6.4-beta1', '1.0.0+build.5', '1_2', '2', 'v1', '1'.repeat(64)])('accepts %s', (text) => {
    expect(isVersion(text)).toBe(true);
  });

  it.each(['', 'beta', '1.2 3', ' 1.2', '<script>1', '1,2', '1'.repeat(65), '1.0\u00e9'])(
    'rejects %j',
    (text) => {
      expect(isVersion(text)).toBe(false);
    },
  );

  it('rejects what is not a string', () => {
    expect(isVersion(undefined as unknown as string)).toBe(false);
    expect(isVersion(12 as unknown as string)).toBe(false);
  });
});
