import type { WebsiteRow } from '@shared/websites';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { HealthBadge } from '@web/components/health-badge';
import { RiskPill } from '@web/components/severity';
import { TagBadges } from '@web/components/tag-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { orDash } from '@web/lib/format';
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DomainName, healthSourceHref, ServerLink, StagingBadge } from './site-badges';

/** Grid view: a card per website of the page; View Details opens the website. */
export function WebsitesGrid({ websites }: { websites: readonly WebsiteRow[] }) {
  return (
    <ul aria-label="Websites" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {websites.map((website) => (
        <WebsiteCard key={website.id} website={website} />
      ))}
    </ul>
  );
}

function WebsiteCard({ website: w }: { website: WebsiteRow }) {
  return (
    <li className="min-w-0" data-website-id={w.id}>
      <Card className="flex h-full flex-col">
        <CardHeader className="gap-2 pb-3">
          <CardTitle className="text-base break-words">
            <DomainName domain={w.domain} />
          </CardTitle>
          <div className="flex flex-wrap items-start gap-2">
            <HealthBadge health={w.health} sourceHref={healthSourceHref(w)} />
            <RiskPill risk={w.risk} websiteHref={`/websites/internal/${w.id}`} />
            {w.environment === 'staging' && <StagingBadge />}
          </div>
        </CardHeader>
        <CardContent className="grid flex-1 content-start gap-3 text-sm">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
            <Fact term="Client">
              {w.client ? (
                <Link href={`/clients/${w.client.id}`} className="text-primary hover:underline">
                  {w.client.name}
                </Link>
              ) : (
                '—'
              )}
            </Fact>
            <Fact term="WordPress">{orDash(w.wordpressVersion)}</Fact>
            <Fact term="PHP">{orDash(w.phpVersion)}</Fact>
            <Fact term="Server">
              <ServerLink website={w} />
            </Fact>
          </dl>
          <TagBadges tags={w.tags} />
        </CardContent>
        <CardFooter className="gap-2">
          <Button variant="outline" size="sm" asChild className="flex-1">
            <Link href={`/websites/internal/${w.id}`} aria-label={`View details of ${w.domain}`}>
              <Eye aria-hidden="true" />
              View Details
            </Link>
          </Button>
          <ExternalLinkButton href={httpsUrl(w.domain)} label={`Visit ${w.domain}`}>
            Visit
          </ExternalLinkButton>
        </CardFooter>
      </Card>
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 truncate">{children}</dd>
    </>
  );
}
