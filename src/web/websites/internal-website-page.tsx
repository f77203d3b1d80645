import type { WebsiteDetail } from '@shared/websites';
import { usePageTitle } from '@web/app/page-title';
import { ResponseTimes } from '@web/components/checks/response-times';
import { ActivityCard } from '@web/components/dashboard/recent-activity';
import { DetailHeader, DetailStates } from '@web/components/detail-states';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { HealthBadge } from '@web/components/health-badge';
import { IncidentsCard } from '@web/components/incidents/incidents-card';
import { InfoCard } from '@web/components/info-list';
import { MaintenanceCard } from '@web/components/maintenance/maintenance-card';
import { OpenTasksCard } from '@web/components/tasks/open-tasks-card';
import { formatDateTime } from '@web/lib/format';
import { TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { useWebsite, useWebsiteMonitorRecent } from '../lib/websites/api';
import { MonitorResponseTimes } from './monitor-response-times';
import { healthSourceHref, ServerLink, StagingBadge } from './site-badges';
import { SiteSnapshotCard } from './site-snapshot-card';
import { WebsiteBackupsCard } from './website-backups-card';
import { WebsiteClientCard } from './website-client-card';
import { WebsiteMonitoringCard } from './website-monitoring-card';
import { WebsiteSecurityCard } from './website-security-card';
import { WebsiteSoftwareCard } from './website-software-card';
import { WebsiteTagsCard } from './website-tags-card';
import { WebsiteVersionsCard } from './website-versions-card';

const back = { href: '/websites', label: 'Back to Websites' };

/**
 * Everything Agency Hub knows about one website, on one page: its health and what it follows, what
 * watches it and how it did, its incidents and maintenance, its WordPress and PHP with where each was
 * read, its server, client, tags, tasks and activity.
 */
export function InternalWebsitePage() {
  const id = useParams<{ id: string }>().id ?? '';
  const website = useWebsite(id);
  usePageTitle(website.data?.name ?? 'Website details', 'Website');
  return (
    <DetailStates
      id={id}
      back={back}
      query={website}
      texts={{
        noId: 'No website ID provided',
        loading: 'Loading...',
        error: 'Error loading website',
        errorFallback: 'Unable to fetch website details',
        notFound: 'Website not found',
      }}
    >
      {() => <WebsiteDetails website={website.data as WebsiteDetail} />}
    </DetailStates>
  );
}

function WebsiteDetails({ website }: { website: WebsiteDetail }) {
  const checkId = website.watchers.check ? Number(website.watchers.check.id) : null;
  const gridpaneSiteId =
    website.integrationProvider === 'gridpane' && website.providerSiteId
      ? Number(website.providerSiteId)
      : null;
  return (
    <>
      <DetailHeader
        back={back}
        title={website.name}
        subtitle={
          <>
            {website.domain}
            {website.client && (
              <>
                {' · '}
                <Link href={`/clients/${website.client.id}`} className="text-primary-text hover:underline">
                  {website.client.name}
                </Link>
              </>
            )}
          </>
        }
        aside={
          <>
            {website.environment === 'staging' && <StagingBadge />}
            <HealthBadge health={website.health} sourceHref={healthSourceHref(website)} inline />
            <ExternalLinkButton
              href={httpsUrl(website.domain)}
              label={`Visit ${website.domain}`}
              variant="default"
            >
              Visit Site
            </ExternalLinkButton>
          </>
        }
      />
      {website.removed && (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm text-amber-800 dark:text-amber-200"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-medium">Removed at provider.</span> This site is no longer listed by{' '}
            {website.integrationProvider}; its tags are kept.
          </p>
        </div>
      )}
      <WebsiteMonitoringCard website={website} />
      {checkId !== null && <ResponseTimes checkId={checkId} />}
      {website.watchers.monitor && <MonitorResponse website={website} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <IncidentsCard
          title="Incidents"
          filter={{ websiteId: website.id }}
          limit={8}
          empty={
            website.watchers.check || website.watchers.monitor
              ? 'No incidents recorded for this website.'
              : 'No incidents recorded: nothing watches this website yet.'
          }
        />
        <MaintenanceCard
          filter={{ websiteId: website.id }}
          targets={{ websiteIds: [website.id] }}
          label={website.domain}
        />
        <WebsiteVersionsCard website={website} />
        <WebsiteSecurityCard website={website} />
        <WebsiteBackupsCard website={website} />
        <WebsiteSoftwareCard website={website} />
        <InfoCard
          title="Website Details"
          items={[
            { label: 'ID', value: website.id },
            { label: 'Integration Provider', value: website.integrationProvider },
            ...(website.serverId ? [{ label: 'Server', value: <ServerLink website={website} /> }] : []),
            { label: 'Status', value: website.status },
            { label: 'Environment', value: website.environment },
            { label: 'Added', value: formatDateTime(website.addedAt) },
          ]}
        />
        <WebsiteClientCard website={website} />
        <WebsiteTagsCard website={website} />
        {gridpaneSiteId !== null && <SiteSnapshotCard siteId={gridpaneSiteId} />}
        <OpenTasksCard about={{ websiteId: website.id }} empty="No open tasks for this website." />
      </div>
      <ActivityCard
        about={{ websiteId: website.id }}
        label="Website activity"
        empty="Nothing has happened to this website yet."
      />
    </>
  );
}

/** The Better Uptime monitor's last day of response times (the monitoring card asks for the same figures). */
function MonitorResponse({ website }: { website: WebsiteDetail }) {
  const monitor = website.watchers.monitor!;
  const recent = useWebsiteMonitorRecent(website.id, monitor.id);
  return <MonitorResponseTimes name={monitor.name} recent={recent.data} />;
}
