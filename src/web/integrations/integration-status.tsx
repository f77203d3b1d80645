import type { IntegrationView } from '@shared/integrations';
import { Badge } from '@web/components/ui/badge';
import { formatAgo, formatCount, formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { type IntegrationStatus, STATUS_LABELS } from './status';

const badgeStyles: Record<IntegrationStatus, string> = {
  connected: 'border-transparent bg-emerald-700 text-white dark:bg-emerald-500 dark:text-emerald-950',
  disconnected: '',
  error: '',
  pending: 'border-amber-500/50 text-amber-700 dark:text-amber-300',
  unavailable: 'text-muted-foreground',
};

export function IntegrationStatusBadge({ status }: { status: IntegrationStatus }) {
  const variant = status === 'error' ? 'destructive' : status === 'disconnected' ? 'secondary' : 'outline';
  return (
    <Badge variant={variant} className={cn(badgeStyles[status])}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** The real figures of a wired integration: last successful sync, API calls, and the last error. */
export function IntegrationFacts({ view }: { view: IntegrationView }) {
  return (
    <div className="grid gap-1 text-xs text-muted-foreground">
      <p>
        {view.lastSyncAt ? (
          <>
            Synced{' '}
            <time dateTime={view.lastSyncAt} title={formatDateTime(view.lastSyncAt)}>
              {formatAgo(view.lastSyncAt)}
            </time>
          </>
        ) : (
          'Never synced'
        )}
        {' · '}
        {formatCount(view.callCount, 'API call')}
        {view.errorCount > 0 && ` · ${formatCount(view.errorCount, 'error')}`}
      </p>
      {view.lastError && (
        <p className="font-medium break-words text-destructive-text">
          Last error{view.lastErrorAt && ` (${formatAgo(view.lastErrorAt)})`}: {view.lastError}
        </p>
      )}
    </div>
  );
}
