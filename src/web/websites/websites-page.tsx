import type { Site } from '@shared/sites';
import { usePageTitle } from '@web/app/page-title';
import { ListSummary } from '@web/components/list-summary';
import { EmptyState } from '@web/components/page-states';
import { ProviderErrorState } from '@web/components/provider-error';
import { ShowMoreButton, useShowMore } from '@web/components/show-more';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { type ViewMode, ViewTabs } from '@web/components/view-tabs';
import { errorMessage } from '@web/lib/api';
import { useServers } from '@web/servers/api';
import { useTags } from '@web/tags/api';
import { type MonitorData, useMonitorData } from '@web/uptime/api';
import { Globe, SearchX } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useRefreshSites, useSites, useWebsites } from './api';
import { ALL, filterSites, type SiteFilters, type WebsiteMap, websitesById } from './filter';
import { SitesGrid } from './sites-grid';
import { SitesTable } from './sites-table';
import { WebsitesToolbar } from './websites-toolbar';

const NO_FILTERS: SiteFilters = { search: '', serverId: ALL, tagId: ALL };

export function WebsitesPage() {
  usePageTitle('Websites', 'WordPress sites on your GridPane servers');
  const sites = useSites();
  const websites = useWebsites();
  const servers = useServers();
  const tags = useTags();
  const refresh = useRefreshSites();
  const monitorData = useMonitorData();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [view, setView] = useState<ViewMode>('list');
  // Typing stays responsive with thousands of sites: the list catches up a moment later.
  const deferred = useDeferredValue(filters);

  const websiteMap = useMemo(() => websitesById(websites.data), [websites.data]);
  const filtered = useMemo(
    () => filterSites(sites.data?.data ?? [], deferred, websiteMap),
    [sites.data, deferred, websiteMap],
  );

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Unable to fetch sites',
          description: errorMessage(error, 'Failed to refresh sites'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <WebsitesToolbar
        filters={filters}
        onChange={setFilters}
        servers={servers.data?.data ?? []}
        tags={tags.data ?? []}
        refreshing={sites.isFetching || refresh.isPending}
        onRefresh={onRefresh}
      />
      {sites.isPending ? (
        <LoadingState text="Loading sites..." className="min-h-[40vh]" />
      ) : sites.isError ? (
        <ProviderErrorState
          title="Unable to fetch sites"
          error={sites.error}
          fallback="Please configure GridPane integration first"
        />
      ) : (
        <Tabs value={view} onValueChange={(value) => setView(value as ViewMode)} className="grid gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <ListSummary
              shown={filtered.length}
              total={sites.data.data.length}
              noun="site"
              meta={sites.data}
            />
            <ViewTabs />
          </div>
          {filtered.length === 0 ? (
            <SitesEmpty
              total={sites.data.data.length}
              filters={deferred}
              onClear={() => setFilters(NO_FILTERS)}
            />
          ) : (
            <SitesViews sites={filtered} websites={websiteMap} monitors={monitorData.data} />
          )}
        </Tabs>
      )}
    </div>
  );
}

function SitesViews({
  sites,
  websites,
  monitors,
}: {
  sites: Site[];
  websites: WebsiteMap;
  monitors: MonitorData | undefined;
}) {
  const { visible, remaining, showMore } = useShowMore(sites);
  return (
    <>
      <TabsContent value="list" className="grid gap-4">
        <SitesTable sites={visible} websites={websites} monitors={monitors} />
        <ShowMoreButton remaining={remaining} onClick={showMore} />
      </TabsContent>
      <TabsContent value="grid" className="grid gap-4">
        <SitesGrid sites={visible} websites={websites} />
        <ShowMoreButton remaining={remaining} onClick={showMore} />
      </TabsContent>
    </>
  );
}

function SitesEmpty({
  total,
  filters,
  onClear,
}: {
  total: number;
  filters: SiteFilters;
  onClear: () => void;
}) {
  if (total === 0) {
    return (
      <EmptyState
        icon={Globe}
        title="No sites found"
        description="No sites are configured in your GridPane account"
      />
    );
  }
  const term = filters.search.trim();
  return (
    <EmptyState
      icon={SearchX}
      title={term ? `No sites match "${term}"` : 'No sites match the selected filters'}
      description="Try a different search term or filter"
      action={
        <Button variant="outline" onClick={onClear}>
          {term ? 'Clear Search' : 'Clear Filters'}
        </Button>
      }
    />
  );
}
