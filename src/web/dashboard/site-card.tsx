import type { SiteCard as SiteCardData } from '@shared/dashboard';
import { WEBSITE_HOST_NAMES } from '@shared/websites';
import { httpsUrl } from '@web/components/external-link-button';
import { HealthSource } from '@web/components/health-badge';
import { StatusPill } from '@web/components/status-pill';
import { Button } from '@web/components/ui/button';
import { formatDateTime, formatLastChecked, formatResponseTime, orDash } from '@web/lib/format';
import { ExternalLink, Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { manageLink, siteStatus } from '../lib/dashboard/status';

/**
 * One site of the Website Status card: its status (the website's health in the dashboard's words) and
 * where that comes from; Manage opens it, visit opens the site.
 */
export function SiteCard({ site }: { site: SiteCardData }) {
  const status = siteStatus(site.status);
  return (
    // min-w-0: a grid item would otherwise grow to its longest (truncated) name and leave a phone screen.
    <li data-testid="site-card" className="flex min-w-0 flex-col gap-3 rounded-lg border p-4">
      <div className="grid gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold" title={site.siteName}>
            {site.siteName}
          </h3>
          <p className="truncate text-xs text-muted-foreground">{site.domain}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1" data-health={site.health.state}>
          <StatusPill {...status} />
          <HealthSource health={site.health} since={false} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs">
        <Fact
          term="Uptime"
          value={
            site.uptime && site.uptimeSince ? (
              <>
                {site.uptime}
                <span className="block truncate font-normal text-muted-foreground">
                  since {formatDateTime(site.uptimeSince)}
                </span>
              </>
            ) : (
              orDash(site.uptime)
            )
          }
        />
        <Fact term="Response" value={formatResponseTime(site.responseTime)} />
        <Fact
          term="Last check"
          value={
            site.lastCheck ? (
              <time dateTime={site.lastCheck} title={formatDateTime(site.lastCheck)}>
                {formatLastChecked(site.lastCheck)}
              </time>
            ) : (
              '—'
            )
          }
        />
        <Fact term="Provider" value={WEBSITE_HOST_NAMES[site.provider]} />
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm" className="flex-1">
          <Link href={manageLink(site)} aria-label={`Manage ${site.siteName}`}>
            <Settings2 aria-hidden="true" />
            Manage
          </Link>
        </Button>
        <Button asChild variant="outline" size="icon-sm">
          <a
            href={httpsUrl(site.url)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Visit ${site.domain}`}
            title={`Visit ${site.domain}`}
          >
            <ExternalLink aria-hidden="true" />
          </a>
        </Button>
      </div>
    </li>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="truncate font-medium tabular-nums">{value}</dd>
    </div>
  );
}
