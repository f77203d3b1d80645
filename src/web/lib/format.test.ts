import { describe, expect, it } from 'vitest';
import { formatAgo, formatCount, formatRelativeTime, orDash } from './format';

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
