import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  type ExpiryThreshold,
  expiryWarning,
  type LastExpiryWarning,
  thresholdFor,
} from './thresholds';

const DAY = 24 * 60 * 60 * 1000;
const validTo = '2027-03-14T00:00:00.000Z';
const daysBefore = (days: number, base = validTo) => new Date(Date.parse(base) - days * DAY);

/** A fake clock walking from `fromDays` before expiry to `toDays`, hour by hour, recording warnings. */
function walk(fromDays: number, toDays: number, start: LastExpiryWarning | null = null, expiry = validTo) {
  const sent: ExpiryThreshold[] = [];
  let last = start;
  for (
    let t = Date.parse(expiry) - fromDays * DAY;
    t <= Date.parse(expiry) - toDays * DAY;
    t += 60 * 60 * 1000
  ) {
    const warning = expiryWarning(expiry, new Date(t), last);
    if (warning !== null) {
      sent.push(warning);
      last = { validTo: expiry, threshold: warning };
    }
  }
  return { sent, last };
}

describe('daysUntil', () => {
  it('counts whole days left, rounding down', () => {
    expect(daysUntil(validTo, daysBefore(30))).toBe(30);
    expect(daysUntil(validTo, daysBefore(6.9))).toBe(6);
    expect(daysUntil(validTo, daysBefore(0.2))).toBe(0);
    expect(daysUntil(validTo, daysBefore(-0.2))).toBe(-1);
    expect(daysUntil(new Date(validTo), daysBefore(45))).toBe(45);
  });

  it('refuses what is not a date', () => {
    expect(() => daysUntil('soon', new Date())).toThrow('Not a date');
  });
});

describe('expiry warnings at 30, 14, 7 and 0 days', () => {
  it('maps days left to the most urgent threshold reached', () => {
    expect(thresholdFor(31)).toBeNull();
    expect(thresholdFor(30)).toBe(30);
    expect(thresholdFor(15)).toBe(30);
    expect(thresholdFor(14)).toBe(14);
    expect(thresholdFor(7)).toBe(7);
    expect(thresholdFor(1)).toBe(7);
    expect(thresholdFor(0)).toBe(0);
    expect(thresholdFor(-10)).toBe(0);
  });

  it('warns once at each threshold as the clock runs down to expiry and past it', () => {
    expect(walk(60, -5).sent).toEqual([30, 14, 7, 0]);
  });

  it('warns only at the threshold reached when first seen late', () => {
    expect(walk(5, 1).sent).toEqual([7]);
    expect(walk(3, -3).sent).toEqual([7, 0]);
  });

  it('says nothing new when asked again at the same threshold', () => {
    const last: LastExpiryWarning = { validTo, threshold: 14 };
    expect(expiryWarning(validTo, daysBefore(10), last)).toBeNull();
    expect(expiryWarning(validTo, daysBefore(7), last)).toBe(7);
  });

  it('starts over for a renewed certificate with a new expiry', () => {
    const { last } = walk(60, 2); // 30, 14, 7 sent for the old one
    expect(last).toEqual({ validTo, threshold: 7 });
    const renewed = '2027-06-12T00:00:00.000Z';
    expect(expiryWarning(renewed, daysBefore(2), last)).toBeNull(); // 90 days left: quiet
    expect(walk(31, 0, last, renewed).sent).toEqual([30, 14, 7, 0]);
  });

  it('treats the same instant written differently as the same expiry', () => {
    const last: LastExpiryWarning = { validTo: '2027-03-14T00:00:00Z', threshold: 7 };
    expect(expiryWarning(validTo, daysBefore(3), last)).toBeNull();
  });
});
