import type { UptimeList } from '@shared/uptime';
import { formatAgo, formatCount, formatDateTime } from '@web/lib/format';
import { Link } from 'wouter';

/** The count line ("12 of 40 monitors"), what it is made of, and Better Uptime's last sync. */
export function UptimeSummary({ list }: { list: UptimeList }) {
  const total = list.counts.check + list.counts.monitor;
  const bu = list.betteruptime;
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium" aria-live="polite">
        {`${list.total.toLocaleString('en-US')} of ${formatCount(total, 'monitor')}`}
      </p>
      <p className="text-xs text-muted-foreground">
        {formatCount(list.counts.check, 'own check')}
        {bu.configured ? (
          <>
            {` · ${formatCount(list.counts.monitor, 'Better Uptime monitor')}, `}
            {bu.syncedAt ? (
              <>
                synced{' '}
                <time dateTime={bu.syncedAt} title={formatDateTime(bu.syncedAt)}>
                  {formatAgo(bu.syncedAt)}
                </time>
              </>
            ) : (
              'never synced'
            )}
          </>
        ) : (
          <>
            {' · Better Uptime not connected ('}
            <Link href="/integrations" className="underline underline-offset-4">
              Integrations
            </Link>
            )
          </>
        )}
      </p>
      {bu.error && <p className="text-xs text-destructive-text">Better Uptime: {bu.error}</p>}
    </div>
  );
}
