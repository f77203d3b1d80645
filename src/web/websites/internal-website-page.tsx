import type { Website } from '@shared/websites';
import { usePageTitle } from '@web/app/page-title';
import { DetailHeader, DetailStates } from '@web/components/detail-states';
import { InfoCard } from '@web/components/info-list';
import { Badge } from '@web/components/ui/badge';
import { TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { useWebsite } from './api';
import { WebsiteClientCard } from './website-client-card';
import { WebsiteTagsCard } from './website-tags-card';

const back = { href: '/websites', label: 'Back to Sites' };

export function InternalWebsitePage() {
  const id = useParams<{ id: string }>().id ?? '';
  const website = useWebsite(id);
  usePageTitle(website.data?.name ?? 'Website details', 'Internal website');
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
      {() => <WebsiteView website={website.data as Website} />}
    </DetailStates>
  );
}

function WebsiteView({ website }: { website: Website }) {
  return (
    <>
      <DetailHeader
        back={back}
        title={website.name}
        subtitle={website.domain}
        aside={website.environment === 'staging' ? <Badge variant="outline">staging</Badge> : undefined}
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
      <div className="grid gap-4 lg:grid-cols-2">
        <WebsiteTagsCard website={website} />
        <WebsiteClientCard website={website} />
        <InfoCard
          title="Website Details"
          items={[
            { label: 'ID', value: website.id },
            { label: 'Integration Provider', value: website.integrationProvider },
            ...(website.serverId
              ? [
                  {
                    label: 'Server ID',
                    value: (
                      <Link href={`/servers/${website.serverId}`} className="text-primary hover:underline">
                        {website.serverId}
                      </Link>
                    ),
                  },
                ]
              : []),
            { label: 'Status', value: website.status },
            { label: 'Environment', value: website.environment },
          ]}
        />
      </div>
    </>
  );
}
