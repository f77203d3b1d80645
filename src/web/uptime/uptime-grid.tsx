import type { UptimeRow } from '@shared/uptime';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { MeasuredUptime, SPAN_MS } from '@web/components/measured-uptime';
import { MonitorStatusBadge, MonitorStatusIcon } from '@web/components/monitor-status-badge';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatResponseTime } from '@web/lib/format';
import { ArrowRight, Globe } from 'lucide-react';
import { Link } from 'wouter';
import { MaintenanceBadge, SourceBadge } from './uptime-table';

export function UptimeGrid({ rows }: { rows: readonly UptimeRow[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {rows.map((row) => (
        <Card key={`${row.source}:${row.id}`} className="flex min-w-0 flex-col" data-testid="monitor-card">
          <CardHeader className="gap-2 pb-3">
            <div className="flex items-start gap-2">
              <MonitorStatusIcon status={row.status} />
              <div className="min-w-0 flex-1">
                <CardTitle className="text-base break-all">{row.name}</CardTitle>
                <p className="mt-0.5 text-sm break-all text-muted-foreground">{row.url}</p>
              </div>
            </div>
            <div className="flex flex-wrap gap-1.5">
              <MonitorStatusBadge status={row.status} />
              {row.inMaintenance && <MaintenanceBadge />}
              <Badge variant="outline">{row.type}</Badge>
              <SourceBadge row={row} />
            </div>
          </CardHeader>
          <CardContent className="flex-1">
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Uptime (30 days)</dt>
                <dd className="text-lg font-semibold">
                  <MeasuredUptime
                    percent={row.uptime}
                    measuredFrom={row.measuredFrom}
                    spanMs={SPAN_MS.month}
                  />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">
                  {row.source === 'check' ? 'Last response' : 'Avg response'}
                </dt>
                <dd className="text-lg font-semibold">{formatResponseTime(row.responseMs)}</dd>
              </div>
            </dl>
          </CardContent>
          <CardFooter className="flex-wrap gap-2">
            <ExternalLinkButton href={httpsUrl(row.url)} label={`Visit ${row.url}`}>
              Visit
            </ExternalLinkButton>
            {row.source === 'check' && (
              <Button variant="ghost" size="sm" asChild>
                <Link href={`/uptime/checks/${row.id}`} aria-label={`Open the check ${row.name}`}>
                  Details
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            )}
            {row.websiteId !== null && (
              <Button variant="ghost" size="sm" asChild>
                <Link href={`/websites/internal/${row.websiteId}`} aria-label={`Website of ${row.name}`}>
                  <Globe aria-hidden="true" />
                  Website
                </Link>
              </Button>
            )}
          </CardFooter>
        </Card>
      ))}
    </div>
  );
}
