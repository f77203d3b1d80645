import { formatAgo, formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { TriangleAlert } from 'lucide-react';

export interface CacheMeta {
  cached: boolean;
  syncedAt: string | null;
  partial: boolean;
  error: string | null;
}

/** The "(cached)" note that follows a count ("40 sites (cached)"). */
export function CachedNote({ cached }: { cached: boolean }) {
  if (!cached) return null;
  return <span className="text-muted-foreground"> (cached)</span>;
}

/**
 * When the provider data was last synced, and why the last sync failed if it did: shown beside cached
 * data that a failed sync did not replace (decisions.md §2).
 */
export function SyncStatus({ meta, className }: { meta: CacheMeta; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-1 text-xs text-muted-foreground', className)}>
      <span>
        {meta.syncedAt ? (
          <>
            Last synced{' '}
            <time dateTime={meta.syncedAt} title={formatDateTime(meta.syncedAt)}>
              {formatAgo(meta.syncedAt)}
            </time>
          </>
        ) : (
          'Never synced'
        )}
        {meta.partial && ' · the list may be incomplete'}
      </span>
      {meta.error && (
        <span role="alert" className="flex items-start gap-1.5 font-medium text-destructive">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="break-words">{meta.error}</span>
        </span>
      )}
    </div>
  );
}
