import type { Monitor } from '@shared/monitors';
import { usePageTitle } from '@web/app/page-title';
import { ListToolbar, ProviderList, refreshWithToast } from '@web/components/provider-list';
import { ShowMoreButton, useShowMore } from '@web/components/show-more';
import { TabsContent } from '@web/components/ui/tabs';
import type { ViewMode } from '@web/components/view-tabs';
import { useSearchParamState } from '@web/lib/use-search-param';
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
  const [search, setSearch] = useSearchParamState();
  const [view, setView] = useState<ViewMode>('list');
  // Typing stays responsive with thousands of monitors: the list catches up a moment later.
  const deferred = useDeferredValue(search);
  const filtered = useMemo(
    () => filterMonitors(monitors.data?.data ?? [], deferred),
    [monitors.data, deferred],
  );

  const onRefresh = refreshWithToast(refresh, 'Unable to fetch monitors', 'Failed to refresh monitors');

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <ListToolbar
        search={search}
        onSearch={setSearch}
        placeholder="Search monitors by name or URL..."
        label="Search monitors"
        refreshing={monitors.isFetching || refresh.isPending}
        onRefresh={onRefresh}
      />
      <ProviderList
        query={monitors}
        noun="monitor"
        loadingText="Loading monitors..."
        errorTitle="Unable to fetch monitors"
        errorFallback="Please configure Better Uptime integration first"
        view={view}
        onViewChange={setView}
        shown={filtered.length}
        empty={
          <MonitorsEmpty
            search={deferred}
            total={monitors.data?.data.length ?? 0}
            onClear={() => setSearch('')}
          />
        }
      >
        <MonitorsViews monitors={filtered} />
      </ProviderList>
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
