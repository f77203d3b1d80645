import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { formatDateTime, formatResponseTime } from '@web/lib/format';
import { lazy, Suspense, useMemo, useState } from 'react';
import { type CheckResults, useCheckResults } from '../../lib/checks/api';

const ResponseChart = lazy(() => import('./response-chart'));
const SPANS = [
  ['24h', 'Last 24 hours', 86_400_000],
  ['7d', 'Last 7 days', 7 * 86_400_000],
] as const;

/** Response times over the last day or week, as a chart and in words; the failed runs listed. */
export function ResponseTimes({ checkId }: { checkId: number }) {
  const [span, setSpan] = useState<(typeof SPANS)[number][0]>('24h');
  // Rounded to the minute, so the query key holds still between refetches.
  const from = useMemo(() => {
    const ms = SPANS.find((s) => s[0] === span)![2];
    return new Date(Math.floor((Date.now() - ms) / 60_000) * 60_000).toISOString();
  }, [span]);
  const results = useCheckResults(checkId, from);
  const data = results.data?.data ?? [];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="text-base">Response time</CardTitle>
          <CardDescription>{summary(data)}</CardDescription>
        </div>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Period</legend>
          {SPANS.map(([key, label]) => (
            <button
              key={key}
              type="button"
              aria-pressed={span === key}
              onClick={() => setSpan(key)}
              className="rounded-md border px-2.5 py-1 text-xs font-medium aria-pressed:bg-primary aria-pressed:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {label}
            </button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent className="grid gap-4">
        {results.isPending ? (
          <LoadingState text="Loading results..." />
        ) : data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No results yet: the first run is on its way.</p>
        ) : (
          <Suspense fallback={<LoadingState />}>
            <ResponseChart results={data} />
          </Suspense>
        )}
        <FailedRuns results={data} />
      </CardContent>
    </Card>
  );
}

function summary(data: CheckResults['data']): string {
  const times = data.map((r) => r.responseMs).filter((n): n is number => n !== null);
  if (times.length === 0) return 'No answers measured in this period.';
  const avg = times.reduce((a, b) => a + b, 0) / times.length;
  const failed = data.filter((r) => !r.ok).length;
  if (data.length === 1)
    return `One run so far: ${formatResponseTime(times[0]!)}${failed ? ', failed' : ''}.`;
  return `Average ${formatResponseTime(avg)}, fastest ${formatResponseTime(Math.min(...times))}, slowest ${formatResponseTime(Math.max(...times))} over ${data.length.toLocaleString('en-US')} runs; ${failed === 0 ? 'none failed' : `${failed} failed`}.`;
}

function FailedRuns({ results }: { results: CheckResults['data'] }) {
  const failed = results
    .filter((r) => !r.ok)
    .slice(-10)
    .reverse();
  if (failed.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Latest failed runs</h3>
      <ul className="grid gap-1 text-sm">
        {failed.map((r) => (
          <li key={r.at} className="flex flex-wrap justify-between gap-x-4 border-b py-1 last:border-0">
            <time dateTime={r.at} className="text-muted-foreground">
              {formatDateTime(r.at)}
            </time>
            <span className="break-words">{r.error ?? `HTTP ${r.status}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
