import { formatAgo, formatCount, formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { LoaderCircle, TriangleAlert } from 'lucide-react';

export interface CacheMeta {
  cached: boolean;
  syncedAt: string | null;
  partial: boolean;
  error: string | null;
  /** A sync is still running in the background. */
  refreshing: boolean;
  /** How far that sync has read, when it says. */
  progress?: { done: number; total: number | null } | null;
}

/** What is syncing, for the note beside a list: the provider's name and the noun its items take. */
export interface Syncing {
  provider: string;
  /** Singular: "site", "server", "monitor". */
  noun: string;
}

/**
 * The note while a sync runs: "Syncing GridPane… 4,000 of 20,000 sites", "Syncing Better Uptime…
 * 350 monitors read" when the provider gives no total, "Syncing GridPane…" before its first page.
 */
export function syncingNote({ provider, noun }: Syncing, progress: CacheMeta['progress']): string {
  const head = `Syncing ${provider}…`;
  if (!progress) return head;
  if (progress.total === null) return `${head} ${formatCount(progress.done, noun)} read`;
  return `${head} ${progress.done.toLocaleString('en-US')} of ${formatCount(progress.total, noun)}`;
}

/** While a sync runs in the background, how often a page asks for the list again. */
export const REFRESHING_POLL_MS = 3_000;

/** A query's refetchInterval: poll while the server says a sync is still running, else `otherwise`. */
export const pollWhileRefreshing =
  (otherwise: number | false = false) =>
  (query: { state: { data?: CacheMeta } }) =>
    query.state.data?.refreshing ? REFRESHING_POLL_MS : otherwise;

/** The "(cached)" note that follows a count ("40 sites (cached)"). */
export function CachedNote({ cached }: { cached: boolean }) {
  if (!cached) return null;
  return <span className="text-muted-foreground"> (cached)</span>;
}

/**
 * When the provider data was last synced, and why the last sync failed if it did: shown beside cached
 * data that a failed sync did not replace: a provider failure never hides the last good data.
 * With `syncing`, a sync under way says what it syncs and how far it is ("Syncing GridPane… 4,000 of
 * 20,000 sites") instead of the general note.
 */
export function SyncStatus({
  meta,
  syncing,
  source,
  className,
}: {
  meta: Omit<CacheMeta, 'cached'>;
  syncing?: Syncing;
  /** Whose sync this is, when a page shows several ("Kinsta last synced …"). */
  source?: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-1 text-xs text-muted-foreground', className)}>
      <span>
        {meta.syncedAt ? (
          <>
            {source ? `${source} last synced` : 'Last synced'}{' '}
            <time dateTime={meta.syncedAt} title={formatDateTime(meta.syncedAt)}>
              {formatAgo(meta.syncedAt)}
            </time>
          </>
        ) : source ? (
          `${source} never synced`
        ) : (
          'Never synced'
        )}
        {meta.partial && ' · the list may be incomplete'}
      </span>
      {meta.refreshing && (
        <span role="status" className="flex items-start gap-1.5">
          <LoaderCircle
            className="mt-px size-3.5 shrink-0 animate-spin motion-reduce:animate-none"
            aria-hidden="true"
          />
          <span>
            {syncing
              ? syncingNote(syncing, meta.progress)
              : 'Still refreshing in the background (the provider is slow or asked us to wait); this updates when it is done.'}
          </span>
        </span>
      )}
      {meta.error && (
        <span role="alert" className="flex items-start gap-1.5 font-medium text-destructive-text">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="break-words">{meta.error}</span>
        </span>
      )}
    </div>
  );
}
