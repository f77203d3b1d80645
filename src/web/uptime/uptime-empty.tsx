import { EmptyState } from '@web/components/page-states';
import { Button } from '@web/components/ui/button';
import { Activity, ExternalLink, SearchX } from 'lucide-react';
import { Link } from 'wouter';

export const PROVIDER_DASHBOARD = 'https://uptime.betterstack.com';

function ProviderDashboardButton({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant}>
      <a href={PROVIDER_DASHBOARD} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden="true" />
        Open Better Uptime
      </a>
    </Button>
  );
}

/**
 * No monitors at all (with the ways to get some: add a check, connect Better Uptime), or none matching
 * the search or filters (with Clear Search).
 */
export function UptimeEmpty({
  search,
  filtered,
  total,
  buConfigured,
  onClear,
  onAdd,
}: {
  search: string;
  filtered: boolean;
  total: number;
  buConfigured: boolean;
  onClear: () => void;
  onAdd: () => void;
}) {
  if (total > 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={search.trim() ? `No monitors match "${search.trim()}"` : 'No monitors match these filters'}
        description="Try a different search term"
        action={
          <>
            <Button variant="outline" onClick={onClear}>
              Clear Search
            </Button>
            {buConfigured && <ProviderDashboardButton variant="outline" />}
          </>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={Activity}
      title="No monitors found"
      description={
        filtered
          ? 'Nothing matches these filters.'
          : 'Add a check: Agency Hub then watches the site itself and alerts when it goes down. Or connect Better Uptime to see its monitors here too.'
      }
      action={
        <>
          <Button onClick={onAdd}>Add check</Button>
          {buConfigured ? (
            <ProviderDashboardButton variant="outline" />
          ) : (
            <Button variant="outline" asChild>
              <Link href="/integrations">Connect Better Uptime</Link>
            </Button>
          )}
        </>
      }
    />
  );
}
