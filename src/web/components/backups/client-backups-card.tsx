import { BACKUP_STATE_LABELS, BACKUP_STATES } from '@shared/backups';
import { SectionQuery } from '@web/components/section-query';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useBackupList, useBackupSummary } from '@web/lib/backups/api';
import { Link } from 'wouter';
import { LastBackup, locationLabel } from './backup-state';

/** How many of the client's websites the card lists (the most at risk first). */
const SHOWN = 8;

/** A client's websites by their newest backup, the most at risk first, with the way to all of them. */
export function ClientBackupsCard({ clientId }: { clientId: number }) {
  const summary = useBackupSummary({ clientId });
  const list = useBackupList({ clientId, page: 1 });
  return (
    <Card className="min-w-0" data-testid="client-backups">
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-3">
        <CardTitle className="text-base">Backups</CardTitle>
        <Link href={`/backups?client=${clientId}`} className="text-sm text-primary-text hover:underline">
          All backups
        </Link>
      </CardHeader>
      <CardContent className="grid gap-3">
        {summary.data && (
          <p className="text-sm text-muted-foreground">
            {BACKUP_STATES.filter((s) => summary.data[s] > 0)
              .map(
                (s) => `${summary.data[s].toLocaleString('en-US')} ${BACKUP_STATE_LABELS[s].toLowerCase()}`,
              )
              .join(' · ') || 'No websites yet.'}
          </p>
        )}
        <SectionQuery query={list} loading="Loading backups..." failed="Could not load the backups">
          {({ data }) =>
            data.length === 0 ? (
              <p className="text-sm text-muted-foreground">This client has no websites at a host yet.</p>
            ) : (
              <ul className="grid divide-y text-sm">
                {data.slice(0, SHOWN).map((w) => (
                  <li key={w.websiteId} className="flex flex-wrap items-start justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <Link
                        href={`/websites/internal/${w.websiteId}`}
                        className="font-medium break-all underline-offset-2 hover:underline"
                      >
                        {w.domain}
                      </Link>
                      {w.lastBackupAt && (
                        <div className="text-xs text-muted-foreground">{locationLabel(w.location)}</div>
                      )}
                    </div>
                    <LastBackup state={w.state} at={w.lastBackupAt} readAt={w.readAt} align="end" />
                  </li>
                ))}
              </ul>
            )
          }
        </SectionQuery>
      </CardContent>
    </Card>
  );
}
