import { usePageTitle } from '@web/app/page-title';
import { DetailHeader, DetailStates } from '@web/components/detail-states';
import { ExternalLinkButton } from '@web/components/external-link-button';
import { IncidentsCard } from '@web/components/incidents/incidents-card';
import { MaintenanceCard } from '@web/components/maintenance/maintenance-card';
import { MonitorStatusBadge } from '@web/components/monitor-status-badge';
import { Badge } from '@web/components/ui/badge';
import { formatFrequency } from '@web/lib/format';
import { Wrench } from 'lucide-react';
import { useParams } from 'wouter';
import { ExpiryCard, LastResultCard, UptimeCard } from '../components/checks/check-cards';
import { ResponseTimes } from '../components/checks/response-times';
import { useCheck } from '../lib/checks/api';
import { CheckActions } from './check-actions';

const back = { href: '/uptime', label: 'Back to Uptime' };

/** One of our own checks: status, uptime, response times, incidents, certificate, domain, maintenance. */
export function CheckPage() {
  const id = useParams<{ id: string }>().id ?? '';
  const check = useCheck(Number(id));
  usePageTitle(check.data?.data.name ?? 'Check', 'Our own check');
  return (
    <DetailStates
      id={/^\d+$/.test(id) ? id : ''}
      back={back}
      query={check}
      texts={{
        noId: 'No check ID provided',
        loading: 'Loading check...',
        error: 'Error loading check',
        errorFallback: 'Unable to fetch the check',
        notFound: 'Check not found',
      }}
    >
      {() => {
        const { data, uptime } = check.data!;
        return (
          <>
            <DetailHeader
              back={back}
              title={data.name}
              subtitle={
                <span className="break-words">
                  {data.url} · {formatFrequency(data.intervalSeconds)}
                  {data.websiteDomain ? ` · website ${data.websiteDomain}` : ''}
                </span>
              }
              aside={
                <>
                  <MonitorStatusBadge status={data.status} />
                  {data.inMaintenance && (
                    <Badge
                      variant="outline"
                      className="border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-300"
                    >
                      <Wrench aria-hidden="true" />
                      In maintenance
                    </Badge>
                  )}
                  <ExternalLinkButton href={data.url} label={`Open ${data.url} in a new tab`}>
                    Visit
                  </ExternalLinkButton>
                  <CheckActions check={data} />
                </>
              }
            />
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              <UptimeCard uptime={uptime} />
              <LastResultCard check={data} />
              <ExpiryCard check={data} />
            </div>
            <ResponseTimes checkId={data.id} />
            <div className="grid gap-4 lg:grid-cols-2">
              <IncidentsCard
                title="Incidents"
                filter={{ checkId: data.id }}
                empty="No incidents: it has answered every time it was asked."
              />
              <MaintenanceCard
                filter={{ checkId: data.id }}
                targets={{ checkIds: [data.id] }}
                label={data.name}
              />
            </div>
          </>
        );
      }}
    </DetailStates>
  );
}
