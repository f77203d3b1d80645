import type { Dashboard } from '@shared/dashboard';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Globe } from 'lucide-react';
import { Link } from 'wouter';
import { SiteCard } from './site-card';

/** Up to 4 sites, problem sites first (the server orders them). */
export function WebsiteStatus({ data }: { data: Dashboard }) {
  const sites = data.websiteStatus;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        <div className="grid gap-1">
          <CardTitle className="text-base">Website Status</CardTitle>
          <CardDescription>Sites that need attention first</CardDescription>
        </div>
        {sites.length > 0 && (
          <Button asChild variant="ghost" size="sm">
            <Link href="/websites">View all</Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {sites.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center">
            <Globe className="size-8 text-muted-foreground/60" aria-hidden="true" />
            <p className="text-sm font-medium">No sites yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              {data.integrations.gridpane ? (
                'Sites appear here after the first GridPane sync.'
              ) : (
                <>
                  Sites appear once GridPane is connected.{' '}
                  <Link
                    href="/integrations"
                    className="font-medium text-primary underline underline-offset-2"
                  >
                    Configure GridPane
                  </Link>
                </>
              )}
            </p>
          </div>
        ) : (
          <ul aria-label="Website status" className="grid gap-3 sm:grid-cols-2">
            {sites.map((site) => (
              <SiteCard key={site.websiteId ?? `${site.provider}:${site.siteId}`} site={site} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
