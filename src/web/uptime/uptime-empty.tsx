import { EmptyState } from '@web/components/page-states';
import { Button } from '@web/components/ui/button';
import { Activity, ExternalLink, SearchX } from 'lucide-react';

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

/** No monitors at all, or none matching the search; both point to the provider's dashboard. */
export function MonitorsEmpty({
  search,
  total,
  onClear,
}: {
  search: string;
  total: number;
  onClear: () => void;
}) {
  if (total > 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={`No monitors match "${search.trim()}"`}
        description="Try a different search term"
        action={
          <>
            <Button variant="outline" onClick={onClear}>
              Clear Search
            </Button>
            <ProviderDashboardButton variant="outline" />
          </>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={Activity}
      title="No monitors found"
      description="No monitors are set up in your Better Uptime account"
      action={<ProviderDashboardButton />}
    />
  );
}
