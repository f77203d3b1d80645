import { normaliseDomain } from '@shared/domains';
import type { Site } from '@shared/sites';
import { InfoList } from '@web/components/info-list';
import { ResponseValue, UptimeValue } from '@web/components/monitor-figures';
import { MonitorStatusBadge } from '@web/components/monitor-status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatFrequency, formatLastChecked } from '@web/lib/format';
import { monitorName } from '@web/lib/monitor';
import { useMonitorsMatching } from '@web/lib/uptime/api';
import { Activity, ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';

/**
 * The site's Better Uptime monitor on the site detail page, matched by the normalised URL. Shows nothing
 * while loading, when no monitor matches, or when Better Uptime is not set up: it is an extra, not a state.
 */
export function SiteUptimeCard({ site }: { site: Site }) {
  const domain = normaliseDomain(site.url);
  // The server searches the fleet's monitors; the exact domain match is picked here.
  const monitors = useMonitorsMatching(domain);
  const monitor = useMemo(
    () => monitors.data?.data.find((m) => normaliseDomain(m.attributes.url) === domain),
    [monitors.data, domain],
  );
  if (!monitor) return null;
  const { status, check_frequency, last_checked_at } = monitor.attributes;
  return (
    <Card data-testid="site-uptime-card">
      <CardHeader className="pb-4">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Activity className="size-4 text-muted-foreground" aria-hidden="true" />
            Uptime Monitoring
          </CardTitle>
          <MonitorStatusBadge status={status} />
        </div>
      </CardHeader>
      <CardContent>
        <InfoList
          items={[
            { label: 'Monitor', value: monitorName(monitor) },
            { label: 'Uptime (30 days)', value: <UptimeValue monitor={monitor} /> },
            { label: 'Avg Response', value: <ResponseValue monitor={monitor} /> },
            { label: 'Check Frequency', value: formatFrequency(check_frequency) },
            { label: 'Last Checked', value: formatLastChecked(last_checked_at) },
          ]}
        />
      </CardContent>
      <CardFooter>
        <Button variant="outline" size="sm" asChild>
          <Link href="/uptime">
            View All Monitors
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
