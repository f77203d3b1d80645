import { dailyMissing, formatReportDay, type ReportWebsite, reportDayLabel } from '@shared/reports';
import { cn } from '@web/lib/utils';

/**
 * A site's uptime day by day: one bar a day, green for the share of results up and red for the share
 * down (at least a sliver, so a short outage shows), grey for a day nothing measured; or why there
 * are no daily figures.
 */
export function DailyBars({ site }: { site: Pick<ReportWebsite, 'domain' | 'daily' | 'uptimeSource'> }) {
  const missing = dailyMissing(site);
  if (missing || !site.daily) return <p className="text-sm text-muted-foreground">{missing}</p>;
  const days = site.daily;
  return (
    <div className="grid gap-1.5 print:[print-color-adjust:exact]">
      <ol
        aria-label={`Daily uptime of ${site.domain}`}
        className={cn(
          'flex h-10 items-stretch',
          // A gap between days while there is room for one, so days nothing measured stay countable.
          days.length <= 62 ? 'gap-[2px]' : days.length <= 120 ? 'gap-px' : 'gap-0',
        )}
      >
        {days.map((d) => {
          const label = reportDayLabel(d);
          return (
            <li
              key={d.day}
              aria-label={label}
              title={label}
              className="flex min-w-0 flex-1 flex-col overflow-hidden rounded-[1px]"
            >
              {d.uptime === null ? (
                <span className="flex-1 bg-muted-foreground/25" />
              ) : (
                <>
                  {d.uptime < 100 && (
                    <span className="min-h-[2px] bg-red-500" style={{ height: `${100 - d.uptime}%` }} />
                  )}
                  <span className="flex-1 bg-green-500" />
                </>
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex justify-between gap-2 text-xs text-muted-foreground">
        <span>{formatReportDay(days[0]!.day)}</span>
        <span>{formatReportDay(days.at(-1)!.day)}</span>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Legend">
        <Legend className="bg-green-500" text="Up" />
        <Legend className="bg-red-500" text="Down" />
        <Legend className="bg-muted-foreground/25" text="No data" />
      </ul>
    </div>
  );
}

function Legend({ className, text }: { className: string; text: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <span aria-hidden="true" className={`size-2.5 rounded-[2px] ${className}`} />
      {text}
    </li>
  );
}
