import { providerNames } from '@shared/integrations';
import type { Server } from '@shared/servers';
import { usePageTitle } from '@web/app/page-title';
import { ListPager } from '@web/components/list-pager';
import { EmptyState } from '@web/components/page-states';
import { ProviderList, refreshWithToast } from '@web/components/provider-list';
import { RefreshButton } from '@web/components/refresh-button';
import { SearchInput } from '@web/components/search-input';
import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { TabsContent } from '@web/components/ui/tabs';
import type { ViewMode } from '@web/components/view-tabs';
import { useDebouncedQuery, useListParams } from '@web/lib/use-list-params';
import { ExternalLink, SearchX, ServerOff } from 'lucide-react';
import { useCallback, useState } from 'react';
import { SERVER_PARAM_KEYS, SERVERS_PAGE_SIZE, useRefreshServers, useServerPage } from '../lib/servers/api';
import { ServerCard } from './server-card';
import { ServersTable } from './servers-table';

const ALL = 'all';

/** GridPane's servers one page at a time from the server; search and status live in the address. */
export function ServersPage() {
  usePageTitle('Servers', 'Manage your GridPane servers');
  const { params, set } = useListParams(SERVER_PARAM_KEYS);
  const servers = useServerPage(params);
  const refresh = useRefreshServers();
  const [view, setView] = useState<ViewMode>('grid');
  const onSettle = useCallback((q: string | undefined) => set({ q }, { replace: true }), [set]);
  const [search, setSearch] = useDebouncedQuery(params.q, onSettle);
  const statuses = servers.data?.statuses ?? [];

  const onRefresh = refreshWithToast(refresh, 'Unable to fetch servers', 'Failed to refresh servers');

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search servers by name or IP..."
          label="Search servers"
          className="sm:max-w-sm sm:flex-1"
        />
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          {statuses.length > 1 || params.status ? (
            <Select
              value={params.status ?? ALL}
              onValueChange={(v) => set({ status: v === ALL ? undefined : v })}
            >
              <SelectTrigger aria-label="Status filter" className="w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>Any status</SelectItem>
                {statuses.map((s) => (
                  <SelectItem key={s.id} value={s.id}>
                    {s.label}
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {s.count.toLocaleString('en-US')}
                    </span>
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : null}
          <RefreshButton loading={servers.isFetching || refresh.isPending} onClick={onRefresh} />
        </div>
      </div>
      <ProviderList
        query={servers}
        noun="server"
        provider={providerNames.gridpane}
        loadingText="Loading servers..."
        errorTitle="Unable to fetch servers"
        errorFallback="Please configure GridPane integration first"
        view={view}
        onViewChange={setView}
        shown={servers.data?.total ?? 0}
        total={servers.data?.overall ?? 0}
        empty={
          <ServersEmpty
            search={params.q ?? ''}
            total={servers.data?.overall ?? 0}
            onClear={() => set({ q: undefined, status: undefined })}
          />
        }
      >
        <ServersViews servers={servers.data?.data ?? []} />
        <ListPager
          page={params.page}
          total={servers.data?.total ?? 0}
          pageSize={SERVERS_PAGE_SIZE}
          onPage={(page) => set({ page })}
        />
      </ProviderList>
    </div>
  );
}

function ServersViews({ servers }: { servers: Server[] }) {
  return (
    <>
      <TabsContent value="grid" className="min-w-0">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {servers.map((server) => (
            <ServerCard key={server.id} server={server} />
          ))}
        </div>
      </TabsContent>
      <TabsContent value="list" className="min-w-0">
        <ServersTable servers={servers} />
      </TabsContent>
    </>
  );
}

function ServersEmpty({ search, total, onClear }: { search: string; total: number; onClear: () => void }) {
  if (total > 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={search.trim() ? `No servers match "${search.trim()}"` : 'No servers match the selected filter'}
        description="Try a different search term"
        action={
          <Button variant="outline" onClick={onClear}>
            Clear Search
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={ServerOff}
      title="No servers found"
      description="No servers are configured in your GridPane account"
      action={
        <Button asChild>
          <a href="https://my.gridpane.com" target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open GridPane
          </a>
        </Button>
      }
    />
  );
}
