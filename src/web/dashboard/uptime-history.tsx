import type { Dashboard, UptimeWidget } from '@shared/dashboard';
import { StatusPill } from '@web/components/status-pill';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { formatResponseTime, formatUptime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { Activity } from 'lucide-react';
import { Link } from 'wouter';
import { dayBarClasses, dayLabel, monitorStatus } from '../lib/dashboard/status';

/** The Uptime Monitoring card: two monitors' last 30 days, one bar a day. */
export function UptimeHistory({ data }: { data: Dashboard }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Uptime Monitoring</CardTitle>
        <CardDescription>Daily uptime over the last 30 days</CardDescription>
      </CardHeader>
      <CardContent>
        {data.history.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center">
            <Activity className="size-8 text-muted-foreground/60" aria-hidden="true" />
            <p className="max-w-md text-sm text-muted-foreground">
              Uptime history appears once Better Uptime has been connected and measured.
            </p>
            {!data.integrations.betteruptime && (
              <Link
                href="/integrations"
                className="text-sm font-medium text-primary underline underline-offset-2"
              >
                Configure Better Uptime
              </Link>
            )}
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            {data.history.map((widget) => (
              <HistoryWidget key={widget.monitorId} widget={widget} />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryWidget({ widget }: { widget: UptimeWidget }) {
  return (
    <section aria-label={`${widget.siteName} uptime`} data-testid="uptime-widget" className="grid gap-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold">{widget.siteName}</h3>
          <p className="truncate text-xs text-muted-foreground">{widget.url}</p>
        </div>
        <StatusPill {...monitorStatus(widget.currentStatus)} />
      </div>
      <ol aria-label="Daily uptime, last 30 days" className="flex h-8 items-stretch gap-[2px]">
        {widget.days.map((day) => {
          const label = dayLabel(day);
          return (
            <Tooltip key={day.day} delayDuration={0}>
              <TooltipTrigger asChild>
                <li
                  aria-label={label}
                  className={cn(
                    'min-w-0 flex-1 rounded-[2px] transition-opacity hover:opacity-70',
                    dayBarClasses[day.status ?? 'none'],
                  )}
                />
              </TooltipTrigger>
              <TooltipContent>{label}</TooltipContent>
            </Tooltip>
          );
        })}
      </ol>
      <div className="flex justify-between text-[11px] text-muted-foreground">
        <span>30 days ago</span>
        <span>Today</span>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Overall uptime</dt>
          <dd className="font-semibold tabular-nums">{formatUptime(widget.overallUptime)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Response time</dt>
          <dd className="font-semibold tabular-nums">{formatResponseTime(widget.responseTime)}</dd>
        </div>
      </dl>
    </section>
  );
}
