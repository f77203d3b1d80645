import { describe, expect, it } from 'vitest';
import { formatFrequency, formatLastChecked, formatResponseTime, formatUptime } from './format';

const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatFrequency', () => {
  it('shows seconds as minutes, singular for one', () => {
    expect(formatFrequency(60)).toBe('every minute');
    expect(formatFrequency(180)).toBe('every 3 min');
    expect(formatFrequency(300)).toBe('every 5 min');
    expect(formatFrequency(30)).toBe('every 30 seconds');
    expect(formatFrequency(90)).toBe('every 1 min 30 s');
    expect(formatFrequency(3600)).toBe('every hour');
  });
  it('puts a dash where the frequency is unknown', () => {
    expect(formatFrequency(null)).toBe('—');
    expect(formatFrequency(undefined)).toBe('—');
    expect(formatFrequency(0)).toBe('—');
  });
});

describe('formatLastChecked', () => {
  it('reads "Never" without a check and "Just now" under a minute', () => {
    expect(formatLastChecked(null, now)).toBe('Never');
    expect(formatLastChecked(ago(59_000), now)).toBe('Just now');
    expect(formatLastChecked(ago(-5_000), now)).toBe('Just now');
  });
  it('counts minutes, hours under a day, then days', () => {
    expect(formatLastChecked(ago(60_000), now)).toBe('1 min ago');
    expect(formatLastChecked(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(formatLastChecked(ago(3_600_000), now)).toBe('1 h ago');
    expect(formatLastChecked(ago(23 * 3_600_000), now)).toBe('23 h ago');
    expect(formatLastChecked(ago(24 * 3_600_000), now)).toBe('1 day ago');
    expect(formatLastChecked(ago(3 * 24 * 3_600_000), now)).toBe('3 days ago');
  });
  it('says "Unknown" for an unreadable date', () => {
    expect(formatLastChecked('garbage', now)).toBe('Unknown');
  });
});

describe('formatUptime and formatResponseTime', () => {
  it('show uptime with 2 decimals from numbers or numeric strings', () => {
    expect(formatUptime(99.9)).toBe('99.90%');
    expect(formatUptime(100)).toBe('100.00%');
    expect(formatUptime('99.95')).toBe('99.95%');
    expect(formatUptime(null)).toBe('—');
    expect(formatUptime('n/a')).toBe('—');
  });
  it('show response times in whole milliseconds', () => {
    expect(formatResponseTime(411.6)).toBe('412 ms');
    expect(formatResponseTime(1234)).toBe('1,234 ms');
    expect(formatResponseTime(null)).toBe('—');
  });
});
