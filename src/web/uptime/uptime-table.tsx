import type { UptimeRow } from '@shared/uptime';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { MeasuredUptime, SPAN_MS } from '@web/components/measured-uptime';
import { MonitorStatusBadge } from '@web/components/monitor-status-badge';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatDateTime, formatFrequency, formatLastChecked, formatResponseTime } from '@web/lib/format';
import { Globe, Wrench } from 'lucide-react';
import { Link } from 'wouter';

const th = 'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground';
const td = 'px-3 py-2.5 align-middle';

/** Where a row comes from, in words: our own check or Better Uptime. */
export function SourceBadge({ row }: { row: UptimeRow }) {
  return <Badge variant="secondary">{row.source === 'check' ? 'Our check' : 'Better Uptime'}</Badge>;
}

export function MaintenanceBadge() {
  return (
    <Badge
      variant="outline"
      className="border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-300"
    >
      <Wrench aria-hidden="true" />
      Maintenance
    </Badge>
  );
}

/**
 * List view (the default): Status, Monitor, Uptime, Response, Frequency, Last Checked, Actions; our
 * checks and Better Uptime's monitors side by side. The "since …" under an uptime and a frequency wrap,
 * so that at 1280 px the actions stay in view; narrower, the table scrolls inside its card.
 */
export function UptimeTable({ rows }: { rows: readonly UptimeRow[] }) {
  const now = Date.now();
  return (
    <Card className="overflow-hidden">
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/40">
            <tr>
              <th className={th}>Status</th>
              <th className={th}>Monitor</th>
              <th className={th}>Uptime</th>
              <th className={th}>Response</th>
              <th className={th}>Frequency</th>
              <th className={th}>Last Checked</th>
              <th className={`${th} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.source}:${row.id}`} className="border-b last:border-0 hover:bg-muted/30">
                <td className={td}>
                  <div className="flex flex-wrap gap-1">
                    <MonitorStatusBadge status={row.status} />
                    {row.inMaintenance && <MaintenanceBadge />}
                  </div>
                </td>
                <td className={td}>
                  <div className="grid min-w-40 gap-0.5">
                    {row.source === 'check' ? (
                      <Link
                        href={`/uptime/checks/${row.id}`}
                        className="font-medium break-all underline-offset-4 hover:underline"
                      >
                        {row.name}
                      </Link>
                    ) : (
                      <p className="font-medium break-all">{row.name}</p>
                    )}
                    {row.name !== row.url && (
                      <p className="text-xs break-all text-muted-foreground">{row.url}</p>
                    )}
                    <div>
                      <SourceBadge row={row} />
                    </div>
                  </div>
                </td>
                <td className={td}>
                  <MeasuredUptime
                    percent={row.uptime}
                    measuredFrom={row.measuredFrom}
                    spanMs={SPAN_MS.month}
                  />
                </td>
                <td className={`${td} whitespace-nowrap`}>{formatResponseTime(row.responseMs)}</td>
                <td className={td}>{formatFrequency(row.frequencySeconds)}</td>
                <td className={`${td} whitespace-nowrap`}>
                  {row.lastCheckedAt ? (
                    <time dateTime={row.lastCheckedAt} title={formatDateTime(row.lastCheckedAt)}>
                      {formatLastChecked(row.lastCheckedAt, now)}
                    </time>
                  ) : (
                    <span className="text-muted-foreground">Never</span>
                  )}
                </td>
                <td className={td}>
                  <div className="flex justify-end gap-2">
                    {row.websiteId !== null && (
                      <Button variant="ghost" size="icon-sm" asChild>
                        <Link
                          href={`/websites/internal/${row.websiteId}`}
                          aria-label={`Website of ${row.name}`}
                          title="Website details"
                        >
                          <Globe aria-hidden="true" />
                        </Link>
                      </Button>
                    )}
                    <ExternalLinkButton href={httpsUrl(row.url)} label={`Visit ${row.url}`}>
                      Visit
                    </ExternalLinkButton>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
