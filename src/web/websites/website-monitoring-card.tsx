import type { WebsiteDetail, WebsiteMonitoring } from '@shared/websites';
import { useQueryClient } from '@tanstack/react-query';
import { RoleGate } from '@web/app/role-gate';
import { useCheck, useCreateChecksForWebsites } from '@web/checks/api';
import { type InfoItem, InfoList } from '@web/components/info-list';
import { MeasuredUptime, SPAN_MS, UPTIME_SPANS } from '@web/components/measured-uptime';
import { MonitorStatusBadge } from '@web/components/monitor-status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatLastChecked, formatResponseTime } from '@web/lib/format';
import { Activity, ArrowRight, Plus, Radar } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { websiteKeys } from './api';

/**
 * What watches a website, each with its own figures: our check (24 hours, 7 and 30 days over the time
 * it ran) and the Better Uptime monitor of its domain (its 30 days). The website's health follows the
 * check when there is one. Nothing watching it offers to add a check.
 */
export function WebsiteMonitoringCard({ website }: { website: WebsiteDetail }) {
  const { check, monitor } = website.watchers;
  return (
    <Card className="min-w-0" data-testid="website-monitoring">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Activity className="size-4 text-muted-foreground" aria-hidden="true" />
          Monitoring
        </CardTitle>
        <CardDescription>
          {check && monitor
            ? 'Its health follows our check; the Better Uptime monitor is shown beside it.'
            : check
              ? 'Agency Hub checks this site itself.'
              : monitor
                ? 'A Better Uptime monitor watches this site.'
                : 'Nothing watches this site yet: nobody is told when it goes down.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        {check ? <CheckWatcher watcher={check} /> : <AddCheck website={website} />}
        {monitor ? <MonitorWatcher watcher={monitor} /> : <NoMonitor domain={website.domain} />}
      </CardContent>
    </Card>
  );
}

function Watcher({
  icon: Icon,
  title,
  status,
  items,
  footer,
}: {
  icon: typeof Radar;
  title: string;
  status?: string;
  items?: InfoItem[];
  footer: ReactNode;
}) {
  return (
    <section className="grid content-start gap-3 rounded-lg border p-4" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm font-medium">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </h3>
        {status && <MonitorStatusBadge status={status} />}
      </div>
      {items && <InfoList items={items} />}
      <div>{footer}</div>
    </section>
  );
}

function CheckWatcher({ watcher }: { watcher: WebsiteMonitoring }) {
  const detail = useCheck(Number(watcher.id));
  const uptime = detail.data?.uptime;
  const lastChecked = detail.data?.data.lastCheckedAt ?? null;
  return (
    <Watcher
      icon={Radar}
      title="Our check"
      status={watcher.status}
      items={[
        ...UPTIME_SPANS.map(([key, label]) => ({
          label,
          value: uptime ? (
            <MeasuredUptime
              percent={uptime[key]}
              measuredFrom={uptime.measuredFrom[key]}
              spanMs={SPAN_MS[key]}
            />
          ) : (
            <span className="text-muted-foreground">…</span>
          ),
        })),
        { label: 'Avg response', value: formatResponseTime(watcher.responseMs) },
        { label: 'Last checked', value: formatLastChecked(lastChecked) },
      ]}
      footer={
        <Button variant="outline" size="sm" asChild>
          <Link href={`/uptime/checks/${watcher.id}`}>
            Open the check
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      }
    />
  );
}

function MonitorWatcher({ watcher }: { watcher: WebsiteMonitoring }) {
  return (
    <Watcher
      icon={Activity}
      title="Better Uptime"
      status={watcher.status}
      items={[
        { label: 'Monitor', value: watcher.name },
        {
          label: 'Last 30 days',
          value: (
            <MeasuredUptime
              percent={watcher.uptime}
              measuredFrom={watcher.measuredFrom}
              spanMs={SPAN_MS.month}
            />
          ),
        },
        { label: 'Avg response', value: formatResponseTime(watcher.responseMs) },
      ]}
      footer={
        <Button variant="outline" size="sm" asChild>
          <Link href={`/uptime?tab=betteruptime&q=${encodeURIComponent(watcher.name)}`}>
            View in Uptime
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      }
    />
  );
}

function AddCheck({ website }: { website: WebsiteDetail }) {
  const create = useCreateChecksForWebsites();
  const queryClient = useQueryClient();
  const add = async () => {
    try {
      const { refused } = await create.mutateAsync([website.id]);
      if (refused[0]) {
        toast({ title: 'Failed to add the check', description: refused[0].reason, variant: 'destructive' });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: websiteKeys.all });
      toast({ title: 'Check added', description: `Agency Hub now checks ${website.domain} every minute.` });
    } catch (error) {
      toast({
        title: 'Failed to add the check',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };
  return (
    <Watcher
      icon={Radar}
      title="Our check"
      footer={
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            Agency Hub does not check this site itself. A check asks it every minute, keeps its response times
            and alerts the team when it goes down.
          </p>
          <RoleGate need="staff">
            <Button size="sm" className="w-fit" onClick={add} disabled={create.isPending}>
              <Plus aria-hidden="true" />
              {create.isPending ? 'Adding...' : 'Add check'}
            </Button>
          </RoleGate>
        </div>
      }
    />
  );
}

function NoMonitor({ domain }: { domain: string }) {
  return (
    <Watcher
      icon={Activity}
      title="Better Uptime"
      footer={
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            No Better Uptime monitor watches {domain}. A monitor of this address shows here after the next
            sync.
          </p>
          <Button variant="outline" size="sm" className="w-fit" asChild>
            <Link href="/integrations">Link monitor</Link>
          </Button>
        </div>
      }
    />
  );
}
