import { afterEach, describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatCount,
  formatDateTime,
  formatFlapping,
  formatMoment,
  formatRelativeTime,
  formatSpan,
  orDash,
  setTimeSettings,
  timeSettings,
} from './format';

const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it('reads "Just now" under a minute and for future times', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('Just now');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('Just now');
  });
  it('counts minutes under an hour', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 min ago');
    expect(formatRelativeTime(ago(5 * 60_000 + 30_000), now)).toBe('5 min ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59 min ago');
  });
  it('counts hours under a day', () => {
    expect(formatRelativeTime(ago(3_600_000), now)).toBe('1 h ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3 h ago');
    expect(formatRelativeTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23 h ago');
  });
  it('counts days from a day on', () => {
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(2 * 24 * 3_600_000), now)).toBe('2 days ago');
  });
  it('accepts dates and epoch numbers, and says "Unknown" for garbage', () => {
    expect(formatRelativeTime(new Date(now - 120_000), now)).toBe('2 min ago');
    expect(formatRelativeTime(now - 120_000, now)).toBe('2 min ago');
    expect(formatRelativeTime('not a date', now)).toBe('Unknown');
  });
});

describe('formatCount', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(formatCount(0, 'site')).toBe('0 sites');
    expect(formatCount(1, 'site')).toBe('1 site');
    expect(formatCount(142, 'API call')).toBe('142 API calls');
  });
  it('groups thousands and takes an irregular plural', () => {
    expect(formatCount(2000, 'site')).toBe('2,000 sites');
    expect(formatCount(2, 'SSH key', 'SSH keys')).toBe('2 SSH keys');
    expect(formatCount(3, 'entry', 'entries')).toBe('3 entries');
  });
});

describe('orDash', () => {
  it('puts a dash where a value is missing', () => {
    expect(orDash(null)).toBe('—');
    expect(orDash(undefined)).toBe('—');
    expect(orDash('  ')).toBe('—');
    expect(orDash(0)).toBe('0');
    expect(orDash('8.2')).toBe('8.2');
  });
});

describe('formatAgo', () => {
  it('lower-cases "just now" for use inside a sentence', () => {
    expect(formatAgo(ago(1_000), now)).toBe('just now');
    expect(formatAgo(ago(5 * 60_000), now)).toBe('5 min ago');
  });
});

describe('times on screen', () => {
  afterEach(() => setTimeSettings({}));
  const at = '2026-11-25T22:18:40Z';

  it('are on the agency time zone the shell set', () => {
    setTimeSettings({ timeZone: 'UTC', locale: 'en-GB' });
    expect(formatDateTime(at)).toBe('25 Nov 2026, 22:18');
    setTimeSettings({ timeZone: 'Asia/Tokyo', locale: 'en-GB' });
    expect(formatDateTime(at)).toBe('26 Nov 2026, 07:18');
  });

  it('are in the browser language', () => {
    setTimeSettings({ timeZone: 'UTC', locale: 'en-US' });
    expect(formatDateTime(at)).toBe('Nov 25, 2026, 22:18');
    setTimeSettings({ timeZone: 'UTC', locale: 'fr-FR' });
    expect(formatDateTime(at)).toBe('25 nov. 2026, 22:18');
  });

  it("take the browser's language unless told otherwise", () => {
    setTimeSettings({ timeZone: 'UTC' });
    const expected = (typeof navigator !== 'undefined' && navigator.language) || 'en-GB';
    expect(timeSettings()).toEqual({ timeZone: 'UTC', locale: expected });
  });

  it('name the day once in a span on one day', () => {
    setTimeSettings({ timeZone: 'Europe/Berlin', locale: 'en-GB' });
    expect(formatSpan('2026-11-25T21:05:00Z', '2026-11-25T21:17:00Z')).toBe(
      'from 25 Nov 2026, 22:05 to 22:17',
    );
    expect(formatSpan('2026-11-25T22:55:00Z', '2026-11-25T23:10:00Z')).toBe(
      'from 25 Nov 2026, 23:55 to 26 Nov 2026, 00:10',
    );
  });

  it("write today's moments as a clock time, another day's with the date", () => {
    setTimeSettings({ timeZone: 'UTC', locale: 'en-GB' });
    const today = Date.parse('2026-11-25T23:00:00Z');
    expect(formatMoment('2026-11-25T22:05:00Z', today)).toBe('22:05');
    expect(formatMoment('2026-11-24T22:05:00Z', today)).toBe('24 Nov 2026, 22:05');
    // 23:00 UTC is already the 26th in Tokyo, where 22:05 UTC of the 25th was the 26th too.
    setTimeSettings({ timeZone: 'Asia/Tokyo', locale: 'en-GB' });
    expect(formatMoment('2026-11-25T22:05:00Z', today)).toBe('07:05');
  });
});

describe('formatFlapping', () => {
  afterEach(() => setTimeSettings({}));
  const now = Date.parse('2026-11-25T22:40:00Z');

  it('reads a collapsed entry as the downs since its first, on the agency clock', () => {
    setTimeSettings({ timeZone: 'UTC', locale: 'en-GB' });
    expect(formatFlapping({ downs: 4, since: '2026-11-25T22:05:00Z' }, now)).toBe(
      'flapping: down 4 times since 22:05',
    );
    setTimeSettings({ timeZone: 'America/New_York', locale: 'en-GB' });
    expect(formatFlapping({ downs: 2, since: '2026-11-25T22:05:00Z' }, now)).toBe(
      'flapping: down 2 times since 17:05',
    );
  });

  it('says nothing of an entry that stands alone', () => {
    expect(formatFlapping({ downs: 1, since: null }, now)).toBeNull();
    expect(formatFlapping({ downs: 0, since: '2026-11-25T22:05:00Z' }, now)).toBeNull();
  });
});
