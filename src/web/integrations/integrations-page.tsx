import { usePageTitle } from '@web/app/page-title';
import { EmptyState, ErrorState } from '@web/components/page-states';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { Plug, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { AddIntegrationCard } from './add-integration-dialog';
import { useIntegrations } from './api';
import { CATALOGUE, CATEGORY_FILTERS, type IntegrationCategory } from './catalogue';
import { IntegrationCard } from './integration-card';

export function IntegrationsPage() {
  usePageTitle('Integrations', 'Connect the services behind your sites, servers and monitors');
  const integrations = useIntegrations();
  const [category, setCategory] = useState<IntegrationCategory | 'all'>('all');
  const entries = CATALOGUE.filter((entry) => category === 'all' || entry.category === category);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Category</legend>
        {CATEGORY_FILTERS.map((filter) => (
          <Button
            key={filter.value}
            size="sm"
            variant={category === filter.value ? 'default' : 'outline'}
            aria-pressed={category === filter.value}
            onClick={() => setCategory(filter.value)}
          >
            {filter.label}
          </Button>
        ))}
      </fieldset>
      {integrations.isPending ? (
        <LoadingState text="Loading integrations..." className="min-h-[40vh]" />
      ) : integrations.isError ? (
        <ErrorState
          title="Unable to load integrations"
          description={errorMessage(integrations.error, 'Failed to load integrations')}
          action={
            <Button
              variant="outline"
              onClick={() => void integrations.refetch()}
              disabled={integrations.isFetching}
            >
              <RotateCw aria-hidden="true" />
              Retry
            </Button>
          }
        />
      ) : entries.length === 0 ? (
        <EmptyState icon={Plug} title="No integrations found" description="Try another category" />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {entries.map((entry) => (
            <IntegrationCard
              key={entry.id}
              entry={entry}
              view={integrations.data.find((view) => view.provider === entry.provider)}
            />
          ))}
          <AddIntegrationCard />
        </div>
      )}
    </div>
  );
}
