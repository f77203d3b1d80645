import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPECTED_STATUS, describeExpected, matchesStatus, parseExpectedStatus } from './status';

const ranges = (text: string) => {
  const parsed = parseExpectedStatus(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.ranges;
};

describe('expected status', () => {
  it('accepts 2xx–3xx by default, and nothing else', () => {
    expect(matchesStatus(200, DEFAULT_EXPECTED_STATUS)).toBe(true);
    expect(matchesStatus(304, DEFAULT_EXPECTED_STATUS)).toBe(true);
    expect(matchesStatus(399, DEFAULT_EXPECTED_STATUS)).toBe(true);
    expect(matchesStatus(404, DEFAULT_EXPECTED_STATUS)).toBe(false);
    expect(matchesStatus(503, DEFAULT_EXPECTED_STATUS)).toBe(false);
    expect(matchesStatus(101, DEFAULT_EXPECTED_STATUS)).toBe(false);
    expect(describeExpected(DEFAULT_EXPECTED_STATUS)).toBe('2xx–3xx');
  });

  it('reads lists of codes, ranges and classes', () => {
    const list = ranges('200-299, 301,4xx');
    expect(list).toEqual([
      [200, 299],
      [301, 301],
      [400, 499],
    ]);
    expect(matchesStatus(301, list)).toBe(true);
    expect(matchesStatus(302, list)).toBe(false);
    expect(matchesStatus(418, list)).toBe(true);
    expect(describeExpected(list)).toBe('2xx, 301, 4xx');
    expect(describeExpected(ranges('200 - 204'))).toBe('200–204');
  });

  it.each([
    ['', 'Give at least one status code'],
    ['abc', '"abc" is not a status code'],
    ['200-', '"200-" is not a status code'],
    ['299-200', 'the range must go from low to high'],
    ['600', 'status codes run from 100 to 599'],
    ['099', 'status codes run from 100 to 599'],
    [Array(21).fill('200').join(','), 'At most 20'],
  ])('explains what is wrong with "%s"', (text, message) => {
    const parsed = parseExpectedStatus(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});
