import {
  BACKUP_LOCATION_LABELS,
  BACKUP_STATE_LABELS,
  type BackupFrequency,
  type BackupLocation,
  type BackupState,
} from '@shared/backups';
import { StatusPill, type Tone } from '@web/components/status-pill';
import { formatAgo, formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';

const TONE: Record<BackupState, Tone> = { recent: 'green', old: 'amber', never: 'red', unknown: 'grey' };

/** A website's backup state as a pill: the words carry it, the colour repeats it. */
export function BackupStatePill({ state }: { state: BackupState }) {
  return <StatusPill label={BACKUP_STATE_LABELS[state]} tone={TONE[state]} />;
}

/** "3 h ago" with the full time on hover; "Never" when the host lists none; "Not read yet" before. */
export function BackupAge({
  at,
  readAt,
  now = Date.now(),
}: {
  at: string | null;
  readAt: string | null;
  now?: number;
}) {
  if (at) {
    return (
      <time dateTime={at} title={formatDateTime(at)} className="tabular-nums">
        {formatAgo(at, now)}
      </time>
    );
  }
  return <span className="text-muted-foreground">{readAt ? 'Never' : 'Not read yet'}</span>;
}

/** The state above the newest backup's age: how a website's last backup reads everywhere. */
export function LastBackup({
  state,
  at,
  readAt,
  now,
  align = 'start',
}: {
  state: BackupState;
  at: string | null;
  readAt: string | null;
  now?: number;
  align?: 'start' | 'end';
}) {
  return (
    <div className={cn('grid gap-1', align === 'end' ? 'justify-items-end' : 'justify-items-start')}>
      <BackupStatePill state={state} />
      <span className="text-xs">
        <BackupAge at={at} readAt={readAt} now={now} />
      </span>
    </div>
  );
}

const FREQUENCY_LABELS: Record<BackupFrequency, string> = {
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** How often the host backs a site up on its own; what it means when the host does not say. */
export function scheduleLabel(schedule: BackupFrequency | null, automatic: boolean | null = null): string {
  if (schedule) return FREQUENCY_LABELS[schedule];
  return automatic === false ? 'Off' : 'Not known';
}

export const locationLabel = (location: BackupLocation | null, service: string | null = null): string =>
  location === null
    ? 'At the host'
    : location === 'remote' && service
      ? `${BACKUP_LOCATION_LABELS.remote} (${service})`
      : BACKUP_LOCATION_LABELS[location];

export const retentionLabel = (days: number | null): string =>
  days === null ? 'Not known' : `${days.toLocaleString('en-US')} day${days === 1 ? '' : 's'}`;
