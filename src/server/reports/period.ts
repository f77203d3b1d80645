import { parseDay } from '../../shared/dates';
import { addDays, dayIn, previousMonth, type ReportQuery } from '../../shared/reports';

/** How far an IANA zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(timeZone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a calendar day starts in a time zone (its local midnight, DST included). */
export function startOfDay(day: string, timeZone: string): Date {
  const utc = parseDay(day);
  if (utc === null) throw new TypeError(`Not a day: ${day}`);
  let t = utc - offsetAt(timeZone, utc);
  // Once more at the guess: the offset may differ on either side of a DST change.
  t = utc - offsetAt(timeZone, t);
  return new Date(t);
}

export type ReportPeriod = {
  from: string;
  to: string;
  /** [start, end): from's local midnight to the midnight after `to`. */
  start: Date;
  end: Date;
  timeZone: string;
};

/** The period asked for (or the previous month), as instants in the agency's time zone. */
export function reportPeriod(query: ReportQuery, timeZone: string, now: Date): ReportPeriod {
  const { from, to } =
    query.from && query.to ? { from: query.from, to: query.to } : previousMonth(dayIn(timeZone, now));
  return {
    from,
    to,
    start: startOfDay(from, timeZone),
    end: startOfDay(addDays(to, 1), timeZone),
    timeZone,
  };
}

/** The period's calendar days, each as the instants it runs between in the agency's time zone. */
export function periodDays(period: ReportPeriod): { day: string; from: Date; to: Date }[] {
  const days: { day: string; from: Date; to: Date }[] = [];
  for (let day = period.from, from = period.start; day <= period.to; ) {
    const next = addDays(day, 1);
    const to = startOfDay(next, period.timeZone);
    days.push({ day, from, to });
    day = next;
    from = to;
  }
  return days;
}
