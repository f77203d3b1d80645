import type { Site } from '@shared/sites';
import { usePageTitle } from '@web/app/page-title';
import { EmptyState } from '@web/components/page-states';
import { ProviderList, refreshWithToast } from '@web/components/provider-list';
import { ShowMoreButton, useShowMore } from '@web/components/show-more';
import { Button } from '@web/components/ui/button';
import { TabsContent } from '@web/components/ui/tabs';
import type { ViewMode } from '@web/components/view-tabs';
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

  const onRefresh = refreshWithToast(refresh, 'Unable to fetch sites', 'Failed to refresh sites');

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
      <ProviderList
        query={sites}
        noun="site"
        loadingText="Loading sites..."
        errorTitle="Unable to fetch sites"
        errorFallback="Please configure GridPane integration first"
        view={view}
        onViewChange={setView}
        shown={filtered.length}
        empty={
          <SitesEmpty
            total={sites.data?.data.length ?? 0}
            filters={deferred}
            onClear={() => setFilters(NO_FILTERS)}
          />
        }
      >
        <SitesViews sites={filtered} websites={websiteMap} monitors={monitorData.data} />
      </ProviderList>
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
