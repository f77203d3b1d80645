import { Button } from '@web/components/ui/button';
import { RefreshCw } from 'lucide-react';

/** Fetches provider data anew; disabled with a spinning icon while anything is loading. */
export function RefreshButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={loading}>
      <RefreshCw aria-hidden="true" className={loading ? 'animate-spin' : undefined} />
      {loading ? 'Refreshing...' : 'Refresh'}
    </Button>
  );
}
