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

/** A check frequency in seconds as minutes (spec §9): "1 min", "3 mins", "0.5 mins"; "—" when unknown. */
export function formatFrequency(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '—';
  const minutes = Math.round((seconds / 60) * 100) / 100;
  return minutes === 1 ? '1 min' : `${minutes} mins`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * A monitor's last check (spec §9): "Just now" under a minute, then "1 min ago"/"5 mins ago", hours
 * under a day, then days. "Never" when it has not been checked; "Unknown" for an unreadable date.
 */
export function formatLastChecked(value: string | null | undefined, now: number = Date.now()): string {
  if (!value) return 'Never';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return 'Unknown';
  const elapsed = now - time;
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'min');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return plural(Math.floor(elapsed / DAY), 'day');
}

/** An uptime percentage with 2 decimals (spec §9): "99.95%"; "—" until measured. */
export function formatUptime(percent: number | string | null | undefined): string {
  if (percent === null || percent === undefined || percent === '') return '—';
  const value = typeof percent === 'string' ? Number(percent) : percent;
  return Number.isFinite(value) ? `${value.toFixed(2)}%` : '—';
}

/** A response time in whole milliseconds: "412 ms"; "—" until measured. */
export function formatResponseTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  return `${Math.round(ms).toLocaleString('en-US')} ms`;
}
