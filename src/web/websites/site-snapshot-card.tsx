import { needsIntegrationSetup } from '@web/components/provider-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { Camera, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useRefreshSiteSnapshot, useSiteSnapshot } from '../lib/websites/api';
import { SnapshotFacts } from './snapshot-facts';

/**
 * The site's WordPress facts from the HD Snapshot plugin, on the site detail page. While loading, failing
 * or unconfigured it says so; a failed refresh keeps the last good snapshot with the error beside it.
 */
export function SiteSnapshotCard({ siteId }: { siteId: number }) {
  const snapshot = useSiteSnapshot(siteId);
  const refresh = useRefreshSiteSnapshot(siteId);
  const busy = snapshot.isFetching || refresh.isPending;
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Unable to refresh snapshot',
          description: errorMessage(error, 'HD Snapshot request failed'),
          variant: 'destructive',
        }),
    });

  if (snapshot.isError && needsIntegrationSetup(snapshot.error)) {
    return (
      <SnapshotShell>
        <p className="text-sm text-muted-foreground">
          Connect HD Snapshot under{' '}
          <Link href="/integrations" className="text-primary underline underline-offset-2">
            Integrations
          </Link>{' '}
          to see this site's WordPress facts.
        </p>
      </SnapshotShell>
    );
  }
  if (snapshot.isPending) {
    return (
      <SnapshotShell>
        <LoadingState text="Loading snapshot..." className="min-h-32" />
      </SnapshotShell>
    );
  }
  if (snapshot.isError) {
    return (
      <SnapshotShell>
        <div role="alert" className="grid justify-items-start gap-3 text-sm">
          <p className="flex items-start gap-2 font-medium text-destructive-text">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">
              {errorMessage(snapshot.error, 'Unable to fetch the snapshot')}
            </span>
          </p>
          <Button variant="outline" size="sm" onClick={() => void snapshot.refetch()} disabled={busy}>
            <RefreshCw aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
            Try again
          </Button>
        </div>
      </SnapshotShell>
    );
  }
  return (
    <SnapshotShell>
      <SnapshotFacts response={snapshot.data} refreshing={busy} onRefresh={onRefresh} />
    </SnapshotShell>
  );
}

function SnapshotShell({ children }: { children: ReactNode }) {
  return (
    <Card data-testid="site-snapshot-card">
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Camera className="size-4 text-muted-foreground" aria-hidden="true" />
          HD Snapshot
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
