import type { Check } from '@shared/checks';
import { useQuery } from '@tanstack/react-query';
import { InfoList } from '@web/components/info-list';
import { MonitorStatusBadge } from '@web/components/monitor-status-badge';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { api, errorMessage } from '@web/lib/api';
import { formatLastChecked, formatResponseTime } from '@web/lib/format';
import { ArrowRight, Radar } from 'lucide-react';
import { Link } from 'wouter';
import { checkKeys, useCreateChecksForWebsites } from '../../lib/checks/api';

/**
 * Our own check of a website (beside Better Uptime's monitor): its state and a link to it, or one click
 * to start checking the site every minute.
 */
export function SiteCheckCard({ websiteId }: { websiteId: number }) {
  const checks = useQuery({
    queryKey: [...checkKeys.all, 'website', websiteId],
    queryFn: ({ signal }) => api.get<{ data: Check[] }>(`/api/checks?websiteId=${websiteId}`, { signal }),
  });
  const create = useCreateChecksForWebsites();
  const check = checks.data?.data[0];
  const add = async () => {
    try {
      const { refused } = await create.mutateAsync([websiteId]);
      await checks.refetch();
      if (refused[0]) {
        toast({ title: 'Failed to add the check', description: refused[0].reason, variant: 'destructive' });
        return;
      }
      toast({ title: 'Check added', description: 'Agency Hub now checks this site every minute.' });
    } catch (error) {
      toast({
        title: 'Failed to add the check',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };
  if (checks.isPending) return null;
  return (
    <Card data-testid="site-check-card">
      <CardHeader className="pb-4">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Radar className="size-4 text-muted-foreground" aria-hidden="true" />
            Our check
          </CardTitle>
          {check && <MonitorStatusBadge status={check.status} />}
        </div>
      </CardHeader>
      <CardContent>
        {check ? (
          <InfoList
            items={[
              { label: 'Address', value: <span className="break-all">{check.url}</span> },
              { label: 'Last checked', value: formatLastChecked(check.lastCheckedAt) },
              { label: 'Response', value: formatResponseTime(check.lastResponseMs) },
              { label: 'Problem', value: check.lastError ?? 'None' },
            ]}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            Agency Hub does not check this site itself yet. One click checks it every minute and alerts when
            it goes down.
          </p>
        )}
      </CardContent>
      <CardFooter>
        {check ? (
          <Button variant="outline" size="sm" asChild>
            <Link href={`/uptime/checks/${check.id}`}>
              Open the check
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : (
          <RoleGate need="staff">
            <Button size="sm" onClick={add} disabled={create.isPending}>
              Check this site
            </Button>
          </RoleGate>
        )}
      </CardFooter>
    </Card>
  );
}
