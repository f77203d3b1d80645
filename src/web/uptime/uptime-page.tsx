import type { Monitor } from '@shared/monitors';
import { usePageTitle } from '@web/app/page-title';
import { ListSummary } from '@web/components/list-summary';
import { ProviderErrorState } from '@web/components/provider-error';
import { RefreshButton } from '@web/components/refresh-button';
import { SearchInput } from '@web/components/search-input';
import { ShowMoreButton, useShowMore } from '@web/components/show-more';
import { LoadingState } from '@web/components/ui/spinner';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { type ViewMode, ViewTabs } from '@web/components/view-tabs';
import { errorMessage } from '@web/lib/api';
import { useDeferredValue, useMemo, useState } from 'react';
import { useMonitors, useRefreshMonitors, useUpdateResponseTimes } from './api';
import { filterMonitors } from './filter';
import { MonitorsGrid } from './monitor-card';
import { MonitorsTable } from './monitors-table';
import { MonitorsEmpty } from './uptime-empty';

export function UptimePage() {
  usePageTitle('Uptime Monitoring', 'Your Better Uptime monitors');
  const monitors = useMonitors({ poll: true });
  const refresh = useRefreshMonitors();
  useUpdateResponseTimes();
  const [search, setSearch] = useState('');
  const [view, setView] = useState<ViewMode>('list');
  // Typing stays responsive with thousands of monitors: the list catches up a moment later.
  const deferred = useDeferredValue(search);
  const filtered = useMemo(
    () => filterMonitors(monitors.data?.data ?? [], deferred),
    [monitors.data, deferred],
  );

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Unable to fetch monitors',
          description: errorMessage(error, 'Failed to refresh monitors'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search monitors by name or URL..."
          label="Search monitors"
          className="sm:max-w-sm sm:flex-1"
        />
        <div className="sm:ml-auto">
          <RefreshButton loading={monitors.isFetching || refresh.isPending} onClick={onRefresh} />
        </div>
      </div>
      {monitors.isPending ? (
        <LoadingState text="Loading monitors..." className="min-h-[40vh]" />
      ) : monitors.isError ? (
        <ProviderErrorState
          title="Unable to fetch monitors"
          error={monitors.error}
          fallback="Please configure Better Uptime integration first"
        />
      ) : (
        <Tabs value={view} onValueChange={(value) => setView(value as ViewMode)} className="grid gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <ListSummary
              shown={filtered.length}
              total={monitors.data.data.length}
              noun="monitor"
              meta={monitors.data}
            />
            <ViewTabs />
          </div>
          {filtered.length === 0 ? (
            <MonitorsEmpty
              search={deferred}
              total={monitors.data.data.length}
              onClear={() => setSearch('')}
            />
          ) : (
            <MonitorsViews monitors={filtered} />
          )}
        </Tabs>
      )}
    </div>
  );
}

function MonitorsViews({ monitors }: { monitors: Monitor[] }) {
  const { visible, remaining, showMore } = useShowMore(monitors);
  return (
    <>
      <TabsContent value="list" className="grid gap-4">
        <MonitorsTable monitors={visible} />
        <ShowMoreButton remaining={remaining} onClick={showMore} />
      </TabsContent>
      <TabsContent value="grid" className="grid gap-4">
        <MonitorsGrid monitors={visible} />
        <ShowMoreButton remaining={remaining} onClick={showMore} />
      </TabsContent>
    </>
  );
}
