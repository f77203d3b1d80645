/**
 * Display formatting shared by the pages: times, durations, relative times and counted nouns. Every
 * time on screen is written here, through the one time formatter (src/shared/time.ts), on the agency's
 * clock (its time zone in Settings, set once by the shell) and in the browser's language.
 */
import * as time from '@shared/time';

/** The browser's language ("en-GB", "de-DE"); English (day month year) where there is no browser. */
const browserLocale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-GB';

let settings: time.TimeOptions = {};

/**
 * What every time on screen is written in: the agency's time zone (undefined: this device's clock,
 * until the settings arrive) and a locale (the browser's unless given). The shell sets the zone once
 * it has the agency settings, so components never pass it.
 */
export function setTimeSettings(next: time.TimeOptions): void {
  settings = next;
}

/** The options the formatters apply now. */
export const timeSettings = (): time.TimeOptions => ({
  timeZone: settings.timeZone,
  locale: settings.locale ?? browserLocale(),
});

/** "25 Nov 2026, 22:18" on the agency's clock; "Unknown" for what is not a date. */
export const formatDateTime = (value: string | number | Date) => time.formatDateTime(value, timeSettings());
/** "25 Nov 2026" on the agency's clock. */
export const formatDate = (value: string | number | Date) => time.formatDate(value, timeSettings());
/** "22:18" on the agency's clock. */
export const formatTime = (value: string | number | Date) => time.formatTime(value, timeSettings());
/** "from 25 Nov 2026, 22:05 to 22:17": the day once when both ends fall on it. */
export const formatSpan = (from: string | number | Date, to: string | number | Date) =>
  time.formatSpan(from, to, timeSettings());
/** "Tue 3 Nov" on the agency's clock: a day of a chart, its weekday named. */
export const formatWeekday = (value: string | number | Date) => time.formatWeekday(value, timeSettings());
/** A calendar day ("2026-12-31") as "31 Dec 2026", or "Thu 31 Dec" with `weekday`; no zone shift. */
export const formatCalendarDay = (day: string, o: { weekday?: boolean } = {}) =>
  time.formatCalendarDay(day, { ...o, locale: timeSettings().locale });
/** "45 seconds", "12 min", "2 h 5 min", "3 days 4 h". */
export const formatDuration = time.formatDuration;

/**
 * A time of today as its clock time ("22:05"), of another day with its day ("24 Nov 2026, 22:05"):
 * the shortest that cannot be misread.
 */
export function formatMoment(value: string | number | Date, now: number = Date.now()): string {
  return time.sameDay(value, now, timeSettings()) ? formatTime(value) : formatDateTime(value);
}

/**
 * Repeated news about one thing, collapsed into one entry by the server: "flapping: down 4 times since
 * 22:05". Null when the entry stands alone (fewer than two downs or no first time).
 */
export function formatFlapping(
  entry: { downs: number; since: string | null },
  now: number = Date.now(),
): string | null {
  if (entry.downs < 2 || !entry.since) return null;
  return `flapping: down ${entry.downs} times since ${formatMoment(entry.since, now)}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "Just now" under a minute, then "5 min ago", "3 h ago" under a day, then "2 days ago" (the
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

/** How often a check runs, in words: "every 30 seconds", "every minute", "every 5 min"; "—" when unknown. */
export function formatFrequency(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '—';
  const span = formatDuration(seconds * 1000);
  return `every ${span === '1 min' ? 'minute' : span === '1 h' ? 'hour' : span}`;
}

/** A monitor's last check, by the relative-time rule; "Never" when it has not been checked. */
export function formatLastChecked(value: string | null | undefined, now: number = Date.now()): string {
  return value ? formatRelativeTime(value, now) : 'Never';
}

/** An uptime percentage with 2 decimals: "99.95%"; "—" until measured. */
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
