import type { Server } from '@shared/servers';
import { usePageTitle } from '@web/app/page-title';
import { ListSummary } from '@web/components/list-summary';
import { EmptyState } from '@web/components/page-states';
import { ProviderErrorState } from '@web/components/provider-error';
import { RefreshButton } from '@web/components/refresh-button';
import { SearchInput } from '@web/components/search-input';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { type ViewMode, ViewTabs } from '@web/components/view-tabs';
import { errorMessage } from '@web/lib/api';
import { ExternalLink, SearchX, ServerOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useRefreshServers, useServers } from './api';
import { filterServers } from './filter';
import { ServerCard } from './server-card';
import { ServersTable } from './servers-table';

export function ServersPage() {
  usePageTitle('Servers', 'Manage your GridPane servers');
  const servers = useServers();
  const refresh = useRefreshServers();
  const [search, setSearch] = useState('');
  const [view, setView] = useState<ViewMode>('grid');
  const filtered = useMemo(() => filterServers(servers.data?.data ?? [], search), [servers.data, search]);

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Unable to fetch servers',
          description: errorMessage(error, 'Failed to refresh servers'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search servers by name or IP..."
          label="Search servers"
          className="sm:max-w-sm sm:flex-1"
        />
        <div className="sm:ml-auto">
          <RefreshButton loading={servers.isFetching || refresh.isPending} onClick={onRefresh} />
        </div>
      </div>
      {servers.isPending ? (
        <LoadingState text="Loading servers..." className="min-h-[40vh]" />
      ) : servers.isError ? (
        <ProviderErrorState
          title="Unable to fetch servers"
          error={servers.error}
          fallback="Please configure GridPane integration first"
        />
      ) : (
        <Tabs value={view} onValueChange={(value) => setView(value as ViewMode)} className="grid gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <ListSummary
              shown={filtered.length}
              total={servers.data.data.length}
              noun="server"
              meta={servers.data}
            />
            <ViewTabs />
          </div>
          {filtered.length === 0 ? (
            <ServersEmpty search={search} total={servers.data.data.length} onClear={() => setSearch('')} />
          ) : (
            <ServersViews servers={filtered} />
          )}
        </Tabs>
      )}
    </div>
  );
}

function ServersViews({ servers }: { servers: Server[] }) {
  return (
    <>
      <TabsContent value="grid">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {servers.map((server) => (
            <ServerCard key={server.id} server={server} />
          ))}
        </div>
      </TabsContent>
      <TabsContent value="list">
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
        title={`No servers match "${search.trim()}"`}
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
