import type { MaintenanceCovers, MaintenanceWindow } from '@shared/maintenance';
import { RoleGate } from '@web/components/role-gate';
import { SectionQuery } from '@web/components/section-query';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatCount, formatDateTime } from '@web/lib/format';
import { Wrench } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import { type MaintenanceFilter, useEndMaintenance, useMaintenance } from '../../lib/maintenance/api';
import { MaintenanceDialog, type MaintenanceTargets } from './maintenance-dialog';

/** One thing a window covers, as a person reads it, and where it lives in the app. */
export type CoverPart = { key: string; text: string; href: string | null };

/**
 * What a window covers, part by part: its client, its server, the websites and checks it names (the
 * first few by name, then "and N more websites"). A thing deleted since reads by its id.
 */
export function coverParts(covers: MaintenanceCovers): CoverPart[] {
  const parts: CoverPart[] = [];
  if (covers.client) {
    parts.push({
      key: 'client',
      text: `Client ${covers.client.name ?? `#${covers.client.id}`}`,
      href: `/clients/${covers.client.id}`,
    });
  }
  if (covers.server) {
    parts.push({
      key: 'server',
      text: `Server ${covers.server.label ?? covers.server.id}`,
      href: `/servers/${covers.server.id}`,
    });
  }
  for (const w of covers.websites) {
    parts.push({
      key: `website-${w.id}`,
      text: w.domain ?? `Website #${w.id}`,
      href: w.domain ? `/websites/internal/${w.id}` : null,
    });
  }
  const moreWebsites = covers.websiteCount - covers.websites.length;
  if (moreWebsites > 0) {
    parts.push({ key: 'more-websites', text: `${formatCount(moreWebsites, 'more website')}`, href: null });
  }
  for (const c of covers.checks) {
    parts.push({
      key: `check-${c.id}`,
      text: `Check ${c.name ?? `#${c.id}`}`,
      href: c.name ? `/uptime/checks/${c.id}` : null,
    });
  }
  const moreChecks = covers.checkCount - covers.checks.length;
  if (moreChecks > 0)
    parts.push({ key: 'more-checks', text: formatCount(moreChecks, 'more check'), href: null });
  return parts;
}

/** When a window is on, or when it comes: "On until …", "From … to …", weekly ones say so. */
export function windowTimes(w: MaintenanceWindow): string {
  const weekly = w.repeat === 'weekly' ? ' · every week' : '';
  if (w.state === 'active' && w.currentEndsAt) return `On until ${formatDateTime(w.currentEndsAt)}${weekly}`;
  if (w.state === 'scheduled' && w.nextStartsAt) {
    const end = new Date(w.nextStartsAt).getTime() + w.durationMinutes * 60_000;
    return `From ${formatDateTime(w.nextStartsAt)} to ${formatDateTime(end)}${weekly}`;
  }
  return w.endedAt ? `Ended ${formatDateTime(w.endedAt)}` : 'Over';
}

/** Windows on now first (the soonest to end on top), then coming ones, the soonest first. */
export function byWhenItMatters(windows: readonly MaintenanceWindow[]): MaintenanceWindow[] {
  const rank = (w: MaintenanceWindow) => (w.state === 'active' ? 0 : w.state === 'scheduled' ? 1 : 2);
  const at = (w: MaintenanceWindow) => Date.parse(w.currentEndsAt ?? w.nextStartsAt ?? w.startsAt);
  return [...windows].sort((a, b) => rank(a) - rank(b) || at(a) - at(b) || a.id - b.id);
}

/** The dialog's words for what a new window covers, when the page gives none. */
function targetsLabel(t: MaintenanceTargets): string {
  if (t.clientId) return "this client's websites";
  if (t.serverId) return "this server's websites";
  if (t.websiteIds?.length)
    return t.websiteIds.length === 1 ? 'this website' : formatCount(t.websiteIds.length, 'website');
  if (t.checkIds?.length)
    return t.checkIds.length === 1 ? 'this check' : formatCount(t.checkIds.length, 'check');
  return 'what it covers';
}

type Props = {
  title?: string;
  /** Whose windows: a client's, a server's, a website's, a check's, or every one ({}). */
  filter: Omit<MaintenanceFilter, 'state'>;
  /** What "Start maintenance" covers; null where the card only lists (no one target to start for). */
  targets: MaintenanceTargets | null;
  /** What no window means here. */
  empty?: string;
  /** What a new window covers, in words ("Dental Co"), for the dialog. */
  label?: string;
};

/**
 * The windows on now and those coming for a filter, each with its times and what it covers, "End
 * now" (on) or "Cancel" (coming) after a confirmation, and "Start maintenance" (now or at a time).
 */
export function MaintenanceCard({
  title = 'Maintenance',
  filter,
  targets,
  empty = 'None on or planned. Start one before planned work, so nobody is alerted for it.',
  label,
}: Props) {
  const windows = useMaintenance({ ...filter, state: 'current' });
  const [starting, setStarting] = useState(false);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <div className="grid gap-1">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>No incidents and no alerts while a window is on.</CardDescription>
        </div>
        {targets && (
          <RoleGate need="staff">
            <Button variant="outline" size="sm" onClick={() => setStarting(true)}>
              <Wrench aria-hidden="true" />
              Start maintenance
            </Button>
          </RoleGate>
        )}
      </CardHeader>
      <CardContent>
        <SectionQuery
          query={windows}
          loading="Loading maintenance windows..."
          failed="Could not load the maintenance windows. Reload the page to try again."
        >
          {({ data }) =>
            data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{empty}</p>
            ) : (
              <ul className="grid gap-3" aria-label={title}>
                {byWhenItMatters(data).map((w) => (
                  <WindowItem key={w.id} window={w} />
                ))}
              </ul>
            )
          }
        </SectionQuery>
      </CardContent>
      {targets && (
        <MaintenanceDialog
          open={starting}
          onOpenChange={setStarting}
          targets={targets}
          label={label ?? targetsLabel(targets)}
        />
      )}
    </Card>
  );
}

function WindowItem({ window: w }: { window: MaintenanceWindow }) {
  const end = useEndMaintenance();
  const [confirming, setConfirming] = useState(false);
  const active = w.state === 'active';
  const parts = coverParts(w.covers);
  const onEnd = async () => {
    setConfirming(false);
    try {
      await end.mutateAsync(w.id);
      toast({ title: active ? 'Maintenance ended' : 'Maintenance cancelled' });
    } catch (error) {
      toast({
        title: active ? 'Failed to end maintenance' : 'Failed to cancel maintenance',
        description: errorMessage(error, 'The window was not changed. Try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 border-b pb-3 last:border-0 last:pb-0">
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <Badge variant={active ? 'default' : 'secondary'}>{active ? 'On now' : 'Scheduled'}</Badge>
          <span>{windowTimes(w)}</span>
        </p>
        <p className="text-muted-foreground">
          Covers{' '}
          {parts.map((p, i) => (
            <Fragment key={p.key}>
              {i > 0 && (i === parts.length - 1 ? ' and ' : ', ')}
              {p.href ? (
                <Link href={p.href} className="text-primary hover:underline">
                  {p.text}
                </Link>
              ) : (
                p.text
              )}
            </Fragment>
          ))}
        </p>
        {w.reason && <p className="break-words">{w.reason}</p>}
      </div>
      <RoleGate need="staff">
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} disabled={end.isPending}>
          {active ? 'End now' : 'Cancel'}
        </Button>
      </RoleGate>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={active ? 'End this maintenance now?' : 'Cancel this maintenance?'}
        description={
          active
            ? `Failures count again from now: they open incidents and send alerts.${w.repeat === 'weekly' ? ' It will not repeat.' : ''}`
            : w.repeat === 'weekly'
              ? 'It will not start again: every coming week is cancelled.'
              : 'It will not start.'
        }
        confirmLabel={active ? 'End now' : 'Cancel maintenance'}
        confirmVariant="default"
        onConfirm={onEnd}
      />
    </li>
  );
}
