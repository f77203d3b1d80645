import type { Monitor } from '@shared/monitors';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Globe } from 'lucide-react';
import { Link } from 'wouter';
import { monitorName } from './filter';
import { ResponseValue, UptimeValue } from './monitor-figures';
import { MonitorStatusBadge, MonitorStatusIcon } from './monitor-status-badge';

export function MonitorsGrid({ monitors }: { monitors: readonly Monitor[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {monitors.map((monitor) => (
        <MonitorCard key={monitor.id} monitor={monitor} />
      ))}
    </div>
  );
}

function MonitorCard({ monitor }: { monitor: Monitor }) {
  const { url, status, monitor_type } = monitor.attributes;
  const name = monitorName(monitor);
  return (
    <Card className="flex min-w-0 flex-col" data-testid="monitor-card">
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start gap-2">
          <MonitorStatusIcon status={status} />
          <div className="min-w-0 flex-1">
            <CardTitle className="text-base break-all">{name}</CardTitle>
            <p className="mt-0.5 text-sm break-all text-muted-foreground">{url}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <MonitorStatusBadge status={status} />
          <Badge variant="secondary">{monitor_type}</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">Uptime (30 days)</dt>
            <dd className="text-lg font-semibold">
              <UptimeValue monitor={monitor} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Avg response</dt>
            <dd className="text-lg font-semibold">
              <ResponseValue monitor={monitor} />
            </dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="gap-2">
        <ExternalLinkButton href={httpsUrl(url)} label={`Visit ${url}`}>
          Visit
        </ExternalLinkButton>
        {monitor.websiteId !== null && (
          <Button variant="ghost" size="sm" asChild>
            <Link href={`/websites/internal/${monitor.websiteId}`} aria-label={`Website of ${name}`}>
              <Globe aria-hidden="true" />
              Website
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
