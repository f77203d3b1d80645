import type uPlot from 'uplot';
import { formatTime, formatWeekday, timeSettings } from './format';

/** Mid grey at low opacity: a faint grid on light and dark themes alike. */
const GRID = 'rgba(127,127,127,0.22)';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Steps between time ticks, a minute at least: the clock shows no seconds. */
const TIME_INCRS = [
  MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
];

/**
 * The labels of a chart's time ticks (Unix seconds), through the one time formatter on the agency's
 * clock: a day or more apart each tick is its day ("Sat 28 Nov"); closer, each is its clock time
 * ("09:38"), with the day below the first tick and below each tick that starts a new day.
 */
export function timeTickLabels(splits: readonly number[], step: number): string[] {
  if (step >= DAY) return splits.map((s) => formatWeekday(s * 1000));
  let day = '';
  return splits.map((s) => {
    const clock = formatTime(s * 1000);
    const today = formatWeekday(s * 1000);
    if (today === day) return clock;
    day = today;
    return `${clock}\n${today}`;
  });
}

/**
 * Where a chart's ticks fall: on the hours and midnights of the agency's time zone (Settings), the
 * clock their labels are written in; this device's clock until the settings arrive. Given uPlot's
 * `tzDate`, so that this file leaves uPlot to the charts that load it.
 */
export const chartDate =
  (tzDate: (date: Date, zone: string) => Date) =>
  (seconds: number): Date => {
    const zone = timeSettings().timeZone;
    const date = new Date(seconds * 1000);
    return zone ? tzDate(date, zone) : date;
  };

/**
 * The axes of a response-time chart: times along the bottom (spaced so that labels keep apart at
 * 375 px), milliseconds up the side (wide enough for "1500 ms"), both in `text`'s colour.
 */
export const responseAxes = (text: string): uPlot.Axis[] => [
  {
    stroke: text,
    grid: { stroke: GRID, width: 1 },
    ticks: { stroke: GRID },
    space: 72,
    incrs: TIME_INCRS,
    values: (_u, splits, _axis, _space, step) => timeTickLabels(splits, step),
  },
  {
    stroke: text,
    grid: { stroke: GRID, width: 1 },
    ticks: { stroke: GRID },
    values: (_u, v) => v.map((n) => `${n} ms`),
    size: 72,
  },
];

/** A response-time scale from 0 ms, with room above the highest point (at least 100 ms). */
export const responseRange = (_u: uPlot, _min: number | null, max: number | null): uPlot.Range.MinMax => [
  0,
  Math.max(100, (max ?? 100) * 1.15),
];
