import type { SiteRow } from '@shared/sites';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { ProviderStatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { orDash } from '@web/lib/format';
import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import { isStaging } from './filter';
import { SiteTags, StagingBadge } from './site-badges';

/** Grid view: a card per site; View Details opens the hosting-provider site detail (spec §2). */
export function SitesGrid({ sites }: { sites: readonly SiteRow[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {sites.map((site) => (
        <SiteCard key={site.id} site={site} />
      ))}
    </div>
  );
}

function SiteCard({ site }: { site: SiteRow }) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-base break-all">{site.url}</CardTitle>
          <ProviderStatusBadge status={site.status} />
        </div>
        {isStaging(site) && <StagingBadge />}
      </CardHeader>
      <CardContent className="grid flex-1 gap-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
          <dt className="text-muted-foreground">PHP</dt>
          <dd>{orDash(site.php_version)}</dd>
          <dt className="text-muted-foreground">Server</dt>
          <dd className="min-w-0 truncate">
            {site.server_id === null ? (
              '—'
            ) : (
              <Link href={`/servers/${site.server_id}`} className="text-primary hover:underline">
                {site.server_label || `Server ${site.server_id}`}
              </Link>
            )}
          </dd>
        </dl>
        <SiteTags tags={site.tags} />
      </CardContent>
      <CardFooter className="gap-2">
        <Button variant="outline" size="sm" asChild className="flex-1">
          <Link href={`/websites/${site.id}`} aria-label={`View details of ${site.url}`}>
            <Eye aria-hidden="true" />
            View Details
          </Link>
        </Button>
        <ExternalLinkButton href={httpsUrl(site.url)} label={`Visit ${site.url}`}>
          Visit
        </ExternalLinkButton>
      </CardFooter>
    </Card>
  );
}
