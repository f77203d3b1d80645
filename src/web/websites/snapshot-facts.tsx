import { InfoList } from '@web/components/info-list';
import { RawData } from '@web/components/raw-data';
import { Button } from '@web/components/ui/button';
import { formatAgo, formatDateTime, orDash } from '@web/lib/format';
import { Info, RefreshCw, TriangleAlert } from 'lucide-react';
import type { SiteSnapshotResponse } from '../lib/websites/api';

interface SnapshotFactsProps {
  response: SiteSnapshotResponse;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The snapshot's fields, when it was fetched (with a refresh), any warning or error, and the raw payload. */
export function SnapshotFacts({ response, refreshing, onRefresh }: SnapshotFactsProps) {
  const { data, error } = response;
  return (
    <div className="grid gap-4">
      {error && (
        <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive-text">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="grid gap-0.5 break-words">
            {error}
            <span className="font-normal text-muted-foreground">Showing the last good snapshot.</span>
          </span>
        </p>
      )}
      {data.warning && (
        <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-300">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">{data.warning}</span>
        </p>
      )}
      <InfoList
        items={[
          { label: 'WordPress Version', value: orDash(data.wordpress_version) },
          { label: 'PHP Version', value: orDash(data.php_version) },
          { label: 'Theme', value: orDash(data.theme) },
          { label: 'Plugins', value: orDash(data.plugin_count) },
          { label: 'Schema Version', value: orDash(data.schema_version) },
        ]}
      />
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          Fetched{' '}
          <time dateTime={data.fetchedAt} title={formatDateTime(data.fetchedAt)}>
            {formatAgo(data.fetchedAt)}
          </time>
        </span>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label="Refresh snapshot"
          title="Refresh snapshot"
        >
          <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
        </Button>
      </div>
      <RawData data={data.raw} label="Raw snapshot data" />
    </div>
  );
}
