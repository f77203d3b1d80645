import {
  BACKUP_KIND_LABELS,
  type BackupRequest,
  type WebsiteBackup,
  type WebsiteBackups,
} from '@shared/backups';
import { WEBSITE_HOST_NAMES, type WebsiteDetail } from '@shared/websites';
import { BackupNowDialog } from '@web/components/backups/backup-now-dialog';
import {
  LastBackup,
  locationLabel,
  retentionLabel,
  scheduleLabel,
} from '@web/components/backups/backup-state';
import { BackupThresholdDialog } from '@web/components/backups/backup-threshold-dialog';
import { RestoreDialog } from '@web/components/backups/restore-dialog';
import { RoleGate } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingState, Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useWebsiteBackups } from '@web/lib/backups/api';
import { formatAgo, formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { DatabaseBackup, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

/** How many backups the card lists before "Show all". */
const FIRST = 8;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right">{children}</dd>
    </div>
  );
}

/**
 * The website's backups as its host lists them: the newest one's age and state, the schedule and
 * retention, and each backup with its kind and where it is kept. Before the host was read, it says so.
 */
export function WebsiteBackupsCard({ website, now = Date.now() }: { website: WebsiteDetail; now?: number }) {
  const backups = useWebsiteBackups(website.id);
  const host = WEBSITE_HOST_NAMES[website.integrationProvider as keyof typeof WEBSITE_HOST_NAMES];
  const [asking, setAsking] = useState(false);
  const underWay = ['queued', 'running'].includes(backups.data?.lastRequest?.status ?? '');
  return (
    <Card className="min-w-0" data-testid="website-backups">
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <DatabaseBackup className="size-4 text-muted-foreground" aria-hidden="true" />
            Backups
          </CardTitle>
          {!website.removed && (
            <RoleGate need="staff">
              <Button variant="outline" size="sm" disabled={underWay} onClick={() => setAsking(true)}>
                Back up now
              </Button>
            </RoleGate>
          )}
        </div>
        <CardDescription>
          As {host ?? 'its host'} lists them.{' '}
          <Link href="/backups" className="text-primary-text underline underline-offset-2">
            All backups
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {backups.isPending ? (
          <LoadingState text="Loading backups..." />
        ) : backups.isError ? (
          <p className="text-sm text-destructive-text">
            {errorMessage(backups.error, 'Unable to load the backups.')}
          </p>
        ) : (
          <BackupsBody
            data={backups.data}
            now={now}
            website={{
              id: website.id,
              domain: website.domain,
              host: website.integrationProvider,
              removed: website.removed,
            }}
          />
        )}
      </CardContent>
      <BackupNowDialog
        open={asking}
        onOpenChange={setAsking}
        website={{ id: website.id, domain: website.domain, host: website.integrationProvider }}
      />
    </Card>
  );
}

/** The last backup someone asked for: under way (followed), taken, or why it failed. */
function LastRequest({ request, now }: { request: BackupRequest; now: number }) {
  const by = request.requestedBy ? ` by ${request.requestedBy.name}` : '';
  const asked = (
    <time dateTime={request.requestedAt} title={formatDateTime(request.requestedAt)}>
      {formatAgo(request.requestedAt, now)}
    </time>
  );
  if (request.status === 'queued' || request.status === 'running')
    return (
      <p className="flex items-center gap-2 rounded-md bg-muted p-2 text-xs" role="status">
        <Spinner />
        <span>
          {request.action === 'restore' ? 'Restore' : 'Backup'} under way at the host, asked for {asked}
          {by}.
        </span>
      </p>
    );
  return (
    <p
      className={cn(
        'rounded-md p-2 text-xs',
        request.status === 'succeeded'
          ? 'bg-green-500/10 text-green-800 dark:text-green-200'
          : 'bg-red-500/10 text-red-800 dark:text-red-200',
      )}
    >
      {request.action === 'restore' ? 'Restore' : 'Backup'} asked for {asked}
      {by}: {request.status === 'succeeded' ? 'done' : 'failed'}. {request.message}
    </p>
  );
}

function BackupsBody({
  data,
  now,
  website,
}: {
  data: WebsiteBackups;
  now: number;
  website: { id: number; domain: string; host: string; removed: boolean };
}) {
  const [all, setAll] = useState(false);
  const [restoring, setRestoring] = useState<WebsiteBackup | null>(null);
  const [changingThreshold, setChangingThreshold] = useState(false);
  const underWay = data.lastRequest?.status === 'queued' || data.lastRequest?.status === 'running';
  // Kinsta's API restores its listed backups, not the downloadable copies.
  const restorable = (b: WebsiteBackup) => !website.removed && !underWay && b.kind !== 'downloadable';
  const shown = all ? data.backups : data.backups.slice(0, FIRST);
  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid gap-2">
        <Row label="Last backup">
          <LastBackup state={data.state} at={data.lastBackupAt} readAt={data.readAt} now={now} align="end" />
        </Row>
        <Row label="Schedule">{scheduleLabel(data.schedule, data.automatic)}</Row>
        <Row label="Off-site copy">
          {data.remote === null ? 'Not known' : data.remote ? 'Scheduled' : 'None scheduled'}
        </Row>
        <Row label="Kept for">{retentionLabel(data.retentionDays)}</Row>
        <Row label="Too old after">
          <span className="inline-flex flex-wrap items-baseline justify-end gap-x-2">
            <span>
              {data.thresholdHours} h
              {!data.ownThreshold && <span className="text-muted-foreground"> (default)</span>}
            </span>
            {!website.removed && (
              <RoleGate need="staff">
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto p-0 text-xs"
                  onClick={() => setChangingThreshold(true)}
                  aria-label="Change when this site's backup is too old"
                >
                  Change
                </Button>
              </RoleGate>
            )}
          </span>
        </Row>
        <Row label="Read">
          {data.readAt ? (
            <time dateTime={data.readAt} title={formatDateTime(data.readAt)}>
              {formatAgo(data.readAt, now)}
            </time>
          ) : (
            <span className="text-muted-foreground">Not yet</span>
          )}
        </Row>
      </dl>
      {data.lastRequest && <LastRequest request={data.lastRequest} now={now} />}
      {data.error && (
        <p className="flex items-start gap-2 rounded-md bg-amber-500/10 p-2 text-xs text-amber-800 dark:text-amber-200">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>
            The last read failed ({formatAgo(data.error.at, now)}): {data.error.message}. The backups shown
            are from the last good read.
          </span>
        </p>
      )}
      {data.backups.length > 0 ? (
        <div className="grid gap-2">
          <ul className="grid divide-y rounded-md border" aria-label="Backups, newest first">
            {shown.map((b) => (
              <li
                key={b.id}
                className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2"
              >
                <time dateTime={b.at} className="font-medium tabular-nums">
                  {formatDateTime(b.at)}
                </time>
                <span className="text-xs text-muted-foreground">
                  {BACKUP_KIND_LABELS[b.kind]} · {locationLabel(b.location, b.service)}
                  {b.note ? ` · ${b.note}` : ''}
                </span>
                {restorable(b) && (
                  <RoleGate need="admin">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2 text-xs"
                      onClick={() => setRestoring(b)}
                    >
                      Restore<span className="sr-only"> the backup of {formatDateTime(b.at)}</span>
                    </Button>
                  </RoleGate>
                )}
              </li>
            ))}
          </ul>
          {data.backups.length > FIRST && (
            <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setAll(!all)}>
              {all ? 'Show fewer' : `Show all ${data.backups.length}`}
            </Button>
          )}
        </div>
      ) : data.readAt ? (
        <p className="text-muted-foreground">The host lists no backup of this website.</p>
      ) : (
        <p className="text-muted-foreground">
          Not read from the host yet: backups are read in the background, a few sites at a time.
        </p>
      )}
      <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} website={website} />
      <BackupThresholdDialog
        open={changingThreshold}
        onOpenChange={setChangingThreshold}
        website={website}
        own={data.ownThreshold ? data.thresholdHours : null}
      />
    </div>
  );
}
