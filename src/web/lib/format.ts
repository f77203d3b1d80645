/** Display formatting shared by the pages: relative times and counted nouns. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "Just now" under a minute, then "5 min ago", "3 h ago" under a day, then "2 days ago" (spec §9's
 * last-checked rule). Future times (clock skew) read "Just now"; an unreadable date reads "Unknown".
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(time)) return 'Unknown';
  const elapsed = now - time;
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** The relative time inside a sentence: "Last synced just now", "Synced 5 min ago". */
export function formatAgo(value: string | number | Date, now: number = Date.now()): string {
  const text = formatRelativeTime(value, now);
  return text === 'Just now' ? 'just now' : text;
}

/** "1 site", "2,000 sites"; the plural defaults to the singular plus "s". */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** The value, or an em dash when there is nothing to show. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const text = String(value).trim();
  return text === '' ? '—' : text;
}

/** An absolute date and time for tooltips next to a relative one. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
