import type { SiteRow } from '@shared/sites';
import { usePageTitle } from '@web/app/page-title';
import { ListPager } from '@web/components/list-pager';
import { EmptyState } from '@web/components/page-states';
import { ProviderList, refreshWithToast } from '@web/components/provider-list';
import { Button } from '@web/components/ui/button';
import { TabsContent } from '@web/components/ui/tabs';
import type { ViewMode } from '@web/components/view-tabs';
import { useDebouncedQuery, useListParams } from '@web/lib/use-list-params';
import { Globe, SearchX } from 'lucide-react';
import { useCallback, useState } from 'react';
import { SITE_PARAM_KEYS, type SiteParams, sitesPageSize, useRefreshSites, useSitePage } from './api';
import { BulkActions } from './bulk-actions';
import { SitesGrid } from './sites-grid';
import { type Selection, SitesTable } from './sites-table';
import { WebsitesToolbar } from './websites-toolbar';

/**
 * GridPane's sites one page at a time from the server, each row already joined to its website, tags
 * and monitor; search and filters query the server and live in the address (/websites?q=shop&server=…).
 */
export function WebsitesPage() {
  usePageTitle('Websites', 'WordPress sites on your GridPane servers');
  const { params, set } = useListParams(SITE_PARAM_KEYS);
  const sites = useSitePage(params);
  const refresh = useRefreshSites();
  const [view, setView] = useState<ViewMode>('list');
  const onSettle = useCallback((q: string | undefined) => set({ q }, { replace: true }), [set]);
  const [search, setSearch] = useDebouncedQuery(params.q, onSettle);
  const onRefresh = refreshWithToast(refresh, 'Unable to fetch sites', 'Failed to refresh sites');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const selection = {
    ids: picked,
    toggle: (ids: number[], on: boolean) =>
      setPicked((prev) => {
        const next = new Set(prev);
        for (const id of ids) on ? next.add(id) : next.delete(id);
        return next;
      }),
  };
  const clear = () =>
    set({ q: undefined, server: undefined, tag: undefined, status: undefined, monitor: undefined });

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <WebsitesToolbar
        search={search}
        onSearch={setSearch}
        params={params}
        onChange={set}
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
        shown={sites.data?.total ?? 0}
        total={sites.data?.overall ?? 0}
        empty={<SitesEmpty total={sites.data?.overall ?? 0} params={params} onClear={clear} />}
      >
        <BulkActions websiteIds={[...picked]} onDone={() => setPicked(new Set())} />
        <SitesViews sites={sites.data?.data ?? []} selection={selection} />
        <ListPager
          page={params.page}
          total={sites.data?.total ?? 0}
          pageSize={sitesPageSize(params)}
          onPage={(page) => set({ page })}
        />
      </ProviderList>
    </div>
  );
}

function SitesViews({ sites, selection }: { sites: SiteRow[]; selection: Selection }) {
  return (
    <>
      <TabsContent value="list" className="min-w-0">
        <SitesTable sites={sites} selection={selection} />
      </TabsContent>
      <TabsContent value="grid" className="min-w-0">
        <SitesGrid sites={sites} />
      </TabsContent>
    </>
  );
}

function SitesEmpty({ total, params, onClear }: { total: number; params: SiteParams; onClear: () => void }) {
  if (total === 0) {
    return (
      <EmptyState
        icon={Globe}
        title="No sites found"
        description="No sites are configured in your GridPane account"
      />
    );
  }
  const term = params.q?.trim() ?? '';
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
