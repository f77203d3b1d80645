import { usePageTitle } from '@web/app/page-title';
import { SiteCheckCard } from '@web/components/checks/site-check-card';
import { DetailHeader, DetailStates } from '@web/components/detail-states';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { ProviderStatusBadge } from '@web/components/status-badge';
import { SyncStatus } from '@web/components/sync-status';
import { useEffect } from 'react';
import { useLocation, useParams } from 'wouter';
import { type SiteDetail, useSite } from '../lib/websites/api';
import { SiteInfoCard } from './site-info-card';
import { SiteSnapshotCard } from './site-snapshot-card';
import { SiteUptimeCard } from './site-uptime-card';
import { WebsiteClientCardById } from './website-client-card';

const back = { href: '/websites', label: 'Back to Websites' };

/**
 * A GridPane site by its id. A site that is one of our websites opens the website's page (one page per
 * website, wherever it is linked from); this page is for a site not yet read into the websites.
 */
export function SiteDetailPage() {
  const id = useParams<{ id: string }>().id ?? '';
  const site = useSite(id);
  const [, navigate] = useLocation();
  const websiteId = site.data?.data.website_id ?? null;
  useEffect(() => {
    if (websiteId !== null) navigate(`/websites/internal/${websiteId}`, { replace: true });
  }, [websiteId, navigate]);
  usePageTitle(site.data?.data.url ?? 'Site details', 'GridPane site');
  if (websiteId !== null) return null; // on its way to the website's page
  return (
    <DetailStates
      id={id}
      back={back}
      query={site}
      texts={{
        noId: 'No site ID provided',
        loading: 'Loading site details...',
        error: 'Error loading site',
        errorFallback: 'Unable to fetch site details',
        notFound: 'Site not found',
      }}
    >
      {() => <SiteDetailView detail={site.data as SiteDetail} />}
    </DetailStates>
  );
}

function SiteDetailView({ detail }: { detail: SiteDetail }) {
  const site = detail.data;
  return (
    <>
      <DetailHeader
        back={back}
        title={site.url}
        subtitle={`Site ID: ${site.id}`}
        aside={
          <>
            <ProviderStatusBadge status={site.status} />
            <ExternalLinkButton href={httpsUrl(site.url)} label={`Visit ${site.url}`} variant="default">
              Visit Site
            </ExternalLinkButton>
          </>
        }
      />
      <SyncStatus meta={detail} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SiteInfoCard site={site} />
        <SiteUptimeCard site={site} />
        {site.website_id !== null && <SiteCheckCard websiteId={site.website_id} />}
        {site.website_id !== null && <WebsiteClientCardById websiteId={site.website_id} />}
        <SiteSnapshotCard siteId={site.id} />
      </div>
    </>
  );
}
