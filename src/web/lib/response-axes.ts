import type uPlot from 'uplot';

/** Mid grey at low opacity: a faint grid on light and dark themes alike. */
const GRID = 'rgba(127,127,127,0.22)';

/**
 * The axes of a response-time chart: times along the bottom (spaced so labels such as 10:45pm keep
 * apart at 375 px), milliseconds up the side (wide enough for "1500 ms"), both in `text`'s colour.
 */
export const responseAxes = (text: string): uPlot.Axis[] => [
  { stroke: text, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID }, space: 72 },
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
