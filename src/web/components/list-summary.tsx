import { formatCount } from '@web/lib/format';
import { CachedNote, type CacheMeta, SyncStatus } from './sync-status';

interface ListSummaryProps {
  shown: number;
  total: number;
  /** Singular noun: "site", "server". */
  noun: string;
  meta: CacheMeta;
}

/** The spec's count line, "12 of 40 sites (cached)" and, under it, when the data was last synced and any sync error. */
export function ListSummary({ shown, total, noun, meta }: ListSummaryProps) {
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium" aria-live="polite">
        {`${shown.toLocaleString('en-US')} of ${formatCount(total, noun)}`}
        <CachedNote cached={meta.cached} />
      </p>
      <SyncStatus meta={meta} />
    </div>
  );
}
