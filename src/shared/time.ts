/**
 * The one way Agency Hub writes times and durations for people: in the agency's time zone (Settings),
 * day month year and a 24-hour clock ("25 Nov 2026, 22:18"), durations short ("45 seconds", "12 min",
 * "2 h 5 min"). The server's alerts, reports and CSVs and the web's pages all use it; the web passes
 * the browser's locale.
 */
export type TimeOptions = { timeZone?: string; locale?: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
type Kind = 'dateTime' | 'date' | 'time' | 'weekday';
const PARTS: Record<Kind, Intl.DateTimeFormatOptions> = {
  dateTime: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  weekday: { weekday: 'short', day: 'numeric', month: 'short' },
};

function formatter(kind: Kind, o: TimeOptions): Intl.DateTimeFormat {
  const locale = o.locale ?? 'en-GB';
  const key = `${kind} ${locale} ${o.timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    const parts = PARTS[kind];
    try {
      f = new Intl.DateTimeFormat(locale, { ...parts, timeZone: o.timeZone });
    } catch {
      // An unknown time zone or locale: the same format in UTC and English rather than no date.
      f = new Intl.DateTimeFormat('en-GB', { ...parts, timeZone: 'UTC' });
    }
    formatters.set(key, f);
  }
  return f;
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** "25 Nov 2026, 22:18"; "Unknown" for what is not a date. */
export function formatDateTime(value: string | number | Date, o: TimeOptions = {}): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? 'Unknown' : formatter('dateTime', o).format(d);
}

/** "25 Nov 2026". */
export function formatDate(value: string | number | Date, o: TimeOptions = {}): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? 'Unknown' : formatter('date', o).format(d);
}

/** "22:18". */
export function formatTime(value: string | number | Date, o: TimeOptions = {}): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? 'Unknown' : formatter('time', o).format(d);
}

/** "Tue 3 Nov": a day of a chart, its weekday named. */
export function formatWeekday(value: string | number | Date, o: TimeOptions = {}): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? 'Unknown' : formatter('weekday', o).format(d);
}

/**
 * A calendar day ("2026-12-31") is no moment: it reads as that day whatever the time zone,
 * "31 Dec 2026" ("Thu 31 Dec" with `weekday`); the text itself when it is not such a day.
 */
export function formatCalendarDay(day: string, o: Pick<TimeOptions, 'locale'> & { weekday?: boolean } = {}) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const midnight = `${day}T00:00:00Z`;
  const utc = { locale: o.locale, timeZone: 'UTC' };
  return o.weekday ? formatWeekday(midnight, utc) : formatDate(midnight, utc);
}

/**
 * The zone after a time in text read elsewhere (an email, a chat), so a reader on another clock knows
 * which one it is: " (Europe/London)".
 */
export const zoneNote = (o: TimeOptions) => ` (${o.timeZone ?? 'UTC'})`;

/** Whether two moments fall on the same day in the time zone (a span then names its day once). */
export const sameDay = (a: string | number | Date, b: string | number | Date, o: TimeOptions = {}) =>
  formatDate(a, o) === formatDate(b, o);

/** "from 25 Nov 2026, 22:05 to 22:17", naming the day once when both fall on it. */
export function formatSpan(
  from: string | number | Date,
  to: string | number | Date,
  o: TimeOptions = {},
): string {
  return `from ${formatDateTime(from, o)} to ${sameDay(from, to, o) ? formatTime(to, o) : formatDateTime(to, o)}`;
}

const plural = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;

/**
 * How long something lasted, its two largest units: "45 seconds", "1 min", "1 min 30 s", "12 min",
 * "2 h 5 min", "3 h", "1 day", "3 days 4 h". Under a minute in words; seconds are dropped from an hour on.
 */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return plural(s, 'second');
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${plural(d, 'day')} ${h % 24} h` : plural(d, 'day');
}
