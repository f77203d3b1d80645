import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDuration,
  formatSpan,
  formatTime,
  formatWeekday,
} from './time';

describe('the one time formatter', () => {
  const at = '2026-11-25T22:18:40.261Z';
  it('writes a moment in the agency time zone, day month year and a 24-hour clock', () => {
    expect(formatDateTime(at, { timeZone: 'UTC' })).toBe('25 Nov 2026, 22:18');
    expect(formatDateTime(at, { timeZone: 'Europe/Berlin' })).toBe('25 Nov 2026, 23:18');
    expect(formatDateTime(at, { timeZone: 'America/New_York' })).toBe('25 Nov 2026, 17:18');
    expect(formatDate(at, { timeZone: 'Australia/Sydney' })).toBe('26 Nov 2026');
    expect(formatTime(at, { timeZone: 'UTC' })).toBe('22:18');
    expect(formatDateTime('not a date')).toBe('Unknown');
  });

  it('falls back to UTC for an unknown time zone rather than failing', () => {
    expect(formatDateTime(at, { timeZone: 'Mars/Olympus' })).toBe('25 Nov 2026, 22:18');
  });

  it('names the day once in a span on one day', () => {
    expect(formatSpan('2026-11-25T22:05:00Z', '2026-11-25T22:17:00Z', { timeZone: 'UTC' })).toBe(
      'from 25 Nov 2026, 22:05 to 22:17',
    );
    expect(formatSpan('2026-11-25T23:55:00Z', '2026-11-26T00:10:00Z', { timeZone: 'UTC' })).toBe(
      'from 25 Nov 2026, 23:55 to 26 Nov 2026, 00:10',
    );
  });

  it('writes in the locale it is given, still on a 24-hour clock', () => {
    expect(formatDateTime(at, { timeZone: 'UTC', locale: 'en-US' })).toBe('Nov 25, 2026, 22:18');
    expect(formatDateTime(at, { timeZone: 'UTC', locale: 'de-DE' })).toBe('25. Nov. 2026, 22:18');
    expect(formatWeekday('2026-11-03T12:00:00Z', { timeZone: 'UTC', locale: 'en-GB' })).toBe('Tue 3 Nov');
  });

  it('reads a calendar day as that day whatever the zone', () => {
    expect(formatCalendarDay('2026-12-31')).toBe('31 Dec 2026');
    expect(formatCalendarDay('2026-11-03', { weekday: true })).toBe('Tue 3 Nov');
    expect(formatCalendarDay('soon')).toBe('soon');
  });

  it('writes durations short, in their two largest units', () => {
    expect(formatDuration(0)).toBe('0 seconds');
    expect(formatDuration(1_000)).toBe('1 second');
    expect(formatDuration(30_000)).toBe('30 seconds');
    expect(formatDuration(60_000)).toBe('1 min');
    expect(formatDuration(90_000)).toBe('1 min 30 s');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(125 * 60_000 + 20_000)).toBe('2 h 5 min');
    expect(formatDuration(3 * 3_600_000)).toBe('3 h');
    expect(formatDuration(24 * 3_600_000)).toBe('1 day');
    expect(formatDuration(76 * 3_600_000)).toBe('3 days 4 h');
  });
});
