import type { Server } from '@shared/servers';
import { usePageTitle } from '@web/app/page-title';
import { EmptyState } from '@web/components/page-states';
import { ListToolbar, ProviderList, refreshWithToast } from '@web/components/provider-list';
import { Button } from '@web/components/ui/button';
import { TabsContent } from '@web/components/ui/tabs';
import type { ViewMode } from '@web/components/view-tabs';
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

  const onRefresh = refreshWithToast(refresh, 'Unable to fetch servers', 'Failed to refresh servers');

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <ListToolbar
        search={search}
        onSearch={setSearch}
        placeholder="Search servers by name or IP..."
        label="Search servers"
        refreshing={servers.isFetching || refresh.isPending}
        onRefresh={onRefresh}
      />
      <ProviderList
        query={servers}
        noun="server"
        loadingText="Loading servers..."
        errorTitle="Unable to fetch servers"
        errorFallback="Please configure GridPane integration first"
        view={view}
        onViewChange={setView}
        shown={filtered.length}
        empty={
          <ServersEmpty
            search={search}
            total={servers.data?.data.length ?? 0}
            onClear={() => setSearch('')}
          />
        }
      >
        <ServersViews servers={filtered} />
      </ProviderList>
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
