import type { WebsiteDetail, WebsiteMonitoring } from '@shared/websites';
import { useQueryClient } from '@tanstack/react-query';
import { type InfoItem, InfoList } from '@web/components/info-list';
import { MeasuredUptime, SPAN_MS, UPTIME_SPANS } from '@web/components/measured-uptime';
import { MonitorStatusBadge } from '@web/components/monitor-status-badge';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useCheck, useCreateChecksForWebsites } from '@web/lib/checks/api';
import {
  formatCalendarDay,
  formatLastChecked,
  formatRelativeTime,
  formatResponseTime,
} from '@web/lib/format';
import { Activity, ArrowRight, Plus, Radar } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useWebsiteMonitorRecent, websiteKeys } from '../lib/websites/api';
import { LinkMonitorButton } from './link-monitor-dialog';

/**
 * What watches a website, each with its own figures over 24 hours, 7 and 30 days (only the time it
 * ran): our check, and the Better Uptime monitor of its domain or the one a person linked to it. The
 * website's health follows the check when there is one. Nothing watching it offers to add a check or
 * to link a monitor.
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
        {monitor ? <MonitorWatcher website={website} watcher={monitor} /> : <NoMonitor website={website} />}
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

function MonitorWatcher({ website, watcher }: { website: WebsiteDetail; watcher: WebsiteMonitoring }) {
  const recent = useWebsiteMonitorRecent(website.id, watcher.id);
  const linked = website.betterUptimeMonitor?.linked ?? false;
  const figures = recent.data;
  const now = Date.now();
  return (
    <Watcher
      icon={Activity}
      title="Better Uptime"
      status={watcher.status}
      items={[
        {
          label: 'Monitor',
          value: (
            <span>
              {watcher.name}
              <span className="block text-xs font-normal text-muted-foreground">
                {linked ? 'Linked to this website' : `Watches ${website.domain}`}
              </span>
            </span>
          ),
        },
        ...UPTIME_SPANS.map(([key, label]) => ({
          label,
          value:
            key === 'month' && !figures ? (
              <MeasuredUptime
                percent={watcher.uptime}
                measuredFrom={watcher.measuredFrom}
                spanMs={SPAN_MS.month}
              />
            ) : figures ? (
              <MeasuredUptime
                percent={figures.uptime[key]}
                measuredFrom={figures.measuredFrom[key]}
                // Better Uptime counts whole UTC days: the span runs from its first day's midnight.
                spanMs={now - Date.parse(`${figures.days[key]}T00:00:00Z`)}
              />
            ) : recent.isError ? (
              <span className="text-muted-foreground">Not available</span>
            ) : (
              <span className="text-muted-foreground">…</span>
            ),
        })),
        { label: 'Avg response', value: formatResponseTime(figures?.averageMs ?? watcher.responseMs) },
      ]}
      footer={
        <div className="grid gap-3">
          {figures ? (
            <p className="text-xs text-muted-foreground">
              Better Uptime counts whole days (UTC): 24 hours from {formatCalendarDay(figures.days.day)}, 7
              days from {formatCalendarDay(figures.days.week)}. Read{' '}
              {formatRelativeTime(figures.readAt).toLowerCase()}.
            </p>
          ) : recent.isError ? (
            <p className="text-xs text-muted-foreground" role="status">
              Better Uptime did not give its recent figures: {errorMessage(recent.error, 'try again later')}.
              The 30 days shown are from the last sync.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <Link href={`/uptime?tab=betteruptime&q=${encodeURIComponent(watcher.name)}`}>
                View in Uptime
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <RoleGate need="staff">
              <LinkMonitorButton website={website} label="Change monitor" />
            </RoleGate>
          </div>
        </div>
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

function NoMonitor({ website }: { website: WebsiteDetail }) {
  return (
    <Watcher
      icon={Activity}
      title="Better Uptime"
      footer={
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            No Better Uptime monitor watches {website.domain}. A monitor of this address shows here after the
            next sync; one of another address (a status page, a health URL) can be linked.
          </p>
          <RoleGate need="staff">
            <LinkMonitorButton website={website} label="Link monitor" />
          </RoleGate>
        </div>
      }
    />
  );
}
