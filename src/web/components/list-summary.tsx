import { formatCount } from '@web/lib/format';
import { CachedNote, type CacheMeta, SyncStatus } from './sync-status';

interface ListSummaryProps {
  shown: number;
  total: number;
  /** Singular noun: "site", "server". */
  noun: string;
  meta: CacheMeta;
  /** The provider's name, for the note while its sync runs ("Syncing GridPane… 400 of 2,000 servers"). */
  provider?: string;
}

/**
 * The count line of a list page, "12 of 40 sites (cached)" and, under it, when the data was last
 * synced and any sync error.
 */
export function ListSummary({ shown, total, noun, meta, provider }: ListSummaryProps) {
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium" aria-live="polite">
        {`${shown.toLocaleString('en-US')} of ${formatCount(total, noun)}`}
        <CachedNote cached={meta.cached} />
      </p>
      <SyncStatus meta={meta} syncing={provider ? { provider, noun } : undefined} />
    </div>
  );
}
