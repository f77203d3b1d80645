import type { MonitorRecent } from '@shared/monitors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { formatResponseTime } from '@web/lib/format';
import { lazy, Suspense } from 'react';

const MonitorResponseChart = lazy(() => import('./monitor-response-chart'));
/** One colour per region, in the order Better Uptime lists them. */
const COLOURS = ['#0ea5e9', '#a855f7', '#f59e0b', '#10b981', '#ef4444'];

/** The mean of a region's points, in whole milliseconds. */
const meanMs = (points: { ms: number }[]) =>
  points.length === 0 ? null : Math.round(points.reduce((sum, p) => sum + p.ms, 0) / points.length);

/**
 * A Better Uptime monitor's response times over its last day, by region: a chart and, in words, each
 * region's mean (what a screen reader reads; the chart itself is hidden from it).
 */
export function MonitorResponseTimes({ name, recent }: { name: string; recent: MonitorRecent | undefined }) {
  const regions = (recent?.responseTimes.filter((r) => r.points.length > 0) ?? []).map((r, i) => ({
    ...r,
    colour: COLOURS[i % COLOURS.length]!,
  }));
  return (
    <Card data-testid="monitor-response-times">
      <CardHeader>
        <CardTitle className="text-base">Response time (Better Uptime)</CardTitle>
        <CardDescription>
          {!recent
            ? `Monitor "${name}", last 24 hours.`
            : regions.length === 0
              ? `Better Uptime gave no response times for "${name}" over the last 24 hours.`
              : `Monitor "${name}", last 24 hours: ${formatResponseTime(recent.averageMs)} on average over ${regions.length === 1 ? 'one region' : `${regions.length} regions`}.`}
        </CardDescription>
      </CardHeader>
      {recent && regions.length > 0 && (
        <CardContent className="grid gap-3">
          <Suspense fallback={<LoadingState text="Loading chart..." />}>
            <MonitorResponseChart regions={regions} />
          </Suspense>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            {regions.map((r) => (
              <li key={r.region} className="flex items-center gap-1.5">
                <span
                  className="inline-block size-2.5 rounded-full"
                  style={{ background: r.colour }}
                  aria-hidden="true"
                />
                {r.region.toUpperCase()}: {formatResponseTime(meanMs(r.points))} mean, {r.points.length}{' '}
                checks
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}
