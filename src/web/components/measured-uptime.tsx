import { formatDateTime } from '@web/lib/format';

/** "99.93%", or "No data" when nothing was measured in the span (never 0 % or 100 %). */
export const uptimeText = (percent: number | null) =>
  percent === null ? 'No data' : `${percent.toFixed(2)}%`;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A figure over a span as it reads: "No data" when nothing was measured in it; the figure alone when
 * the measured time covers the span; the figure and "since <date-time>" when measuring began inside
 * the span (a newer check or monitor), so no figure claims time nobody measured. The measured time
 * counts as the whole span when it begins within an hour of the span's start.
 */
export function measuredUptime(
  percent: number | null,
  measuredFrom: string | null,
  spanMs: number,
  now: number = Date.now(),
): { figure: string; since: string | null } {
  if (percent === null || measuredFrom === null) return { figure: 'No data', since: null };
  const partial = Date.parse(measuredFrom) > now - spanMs + HOUR_MS;
  return { figure: uptimeText(percent), since: partial ? `since ${formatDateTime(measuredFrom)}` : null };
}

/** `measuredUptime` on a card: the figure, "since …" under it, "No data" muted. */
export function MeasuredUptime({
  percent,
  measuredFrom,
  spanMs,
}: {
  percent: number | null;
  measuredFrom: string | null;
  spanMs: number;
}) {
  const { figure, since } = measuredUptime(percent, measuredFrom, spanMs);
  if (percent === null || measuredFrom === null)
    return <span className="text-muted-foreground">{figure}</span>;
  return (
    <span className="tabular-nums">
      <span>{figure}</span>
      {since && <span className="block text-xs font-normal text-muted-foreground">{since}</span>}
    </span>
  );
}

/** The spans the check page and a website's check show, and how long each is. */
export const SPAN_MS = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS } as const;
export const UPTIME_SPANS = [
  ['day', 'Last 24 hours'],
  ['week', 'Last 7 days'],
  ['month', 'Last 30 days'],
] as const;
