import { WEBSITE_HOST_NAMES, type WebsitePage, type WebsiteRow } from '@shared/websites';
import { useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '@web/app/page-title';
import { HOW_SITES_ARRIVE } from '@web/components/how-sites-arrive';
import { ListPager } from '@web/components/list-pager';
import { EmptyState, ErrorState } from '@web/components/page-states';
import { refreshWithToast } from '@web/components/provider-list';
import type { SortState } from '@web/components/sort-header';
import { SyncStatus } from '@web/components/sync-status';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { type ViewMode, ViewTabs } from '@web/components/view-tabs';
import { errorMessage } from '@web/lib/api';
import { formatCount } from '@web/lib/format';
import { useDebouncedQuery, useListParams } from '@web/lib/use-list-params';
import { Globe, Plug, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { siteKeys, useRefreshWebsites, useWebsitePage } from '../lib/websites/api';
import {
  healthParam,
  sortParam,
  WEBSITE_PARAM_KEYS,
  type WebsiteParams,
  websitesPageSize,
} from '../lib/websites/filter';
import { BulkActions } from './bulk-actions';
import { WebsitesGrid } from './websites-grid';
import { type Selection, WebsitesTable } from './websites-table';
import { WebsitesToolbar } from './websites-toolbar';

const DEFAULT_SORT = 'domain';
type SetParams = ReturnType<typeof useListParams<(typeof WEBSITE_PARAM_KEYS)[number]>>['set'];

/**
 * Our websites one page at a time from the server (GET /api/websites), each with its health, client,
 * versions, server and tags. Search, filters, sort and page live in the address
 * (/websites?q=shop&health=down&sort=-php), so a link, a reload and Back bring the same view. The list
 * answers at once with what is stored; while a host syncs it says so and asks again every few seconds.
 */
export function WebsitesPage() {
  usePageTitle('Websites', 'Your WordPress sites, with their health');
  const { params, set } = useListParams(WEBSITE_PARAM_KEYS);
  useOldMonitorLink(params, set);
  const websites = useWebsitePage(params);
  const refresh = useRefreshWebsites();
  const syncing = websites.data?.hosts.some((h) => h.refreshing) ?? false;
  useReloadOptionsAfterSync(syncing);
  const [view, setView] = useState<ViewMode>('list');
  const onSettle = useCallback((q: string | undefined) => set({ q }, { replace: true }), [set]);
  const [search, setSearch] = useDebouncedQuery(params.q, onSettle);
  const onRefresh = refreshWithToast(refresh, 'Unable to refresh the websites', 'Failed to refresh');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const selection: Selection = {
    ids: picked,
    toggle: (ids, on) =>
      setPicked((prev) => {
        const next = new Set(prev);
        for (const id of ids) on ? next.add(id) : next.delete(id);
        return next;
      }),
  };
  const sorting: SortState = {
    sort: sortParam(params) ?? DEFAULT_SORT,
    onSort: (sort) => set({ sort: sort === DEFAULT_SORT ? undefined : sort }),
  };
  const clear = () =>
    set({
      q: undefined,
      server: undefined,
      tag: undefined,
      status: undefined,
      health: undefined,
      monitor: undefined,
      client: undefined,
    });

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <WebsitesToolbar
        search={search}
        onSearch={setSearch}
        params={params}
        onChange={set}
        refreshing={refresh.isPending || syncing}
        onRefresh={onRefresh}
      />
      {websites.isPending ? (
        <LoadingState text="Loading websites..." className="min-h-[40vh]" />
      ) : websites.isError ? (
        <ErrorState
          title="Unable to load the websites"
          description={errorMessage(websites.error, 'Please try again in a moment.')}
          action={
            <Button variant="outline" onClick={() => websites.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <Tabs value={view} onValueChange={(v) => setView(v as ViewMode)} className="grid grid-cols-1 gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <Summary page={websites.data} />
            {/* The views' switch only with something to view: each tab controls a panel that exists. */}
            {websites.data.total > 0 && <ViewTabs />}
          </div>
          {websites.data.hosts.length === 0 && websites.data.overall > 0 && <NoHostNotice />}
          {websites.data.total === 0 ? (
            <WebsitesEmpty page={websites.data} params={params} onClear={clear} />
          ) : (
            <>
              <BulkActions websiteIds={[...picked]} onDone={() => setPicked(new Set())} />
              <WebsitesViews websites={websites.data.data} selection={selection} sorting={sorting} />
              <ListPager
                page={params.page}
                total={websites.data.total}
                pageSize={websitesPageSize(params)}
                onPage={(page) => set({ page })}
              />
            </>
          )}
        </Tabs>
      )}
    </div>
  );
}

/** An old link's `monitor=down` becomes `health=down` in the address, keeping the page. */
function useOldMonitorLink(params: WebsiteParams, set: SetParams) {
  const { monitor, page } = params;
  const health = healthParam(params);
  useEffect(() => {
    if (monitor !== undefined) set({ monitor: undefined, health, page }, { replace: true });
  }, [monitor, health, page, set]);
}

/** When a host's sync ends, the filter menus (servers, tags and their counts) are read again too. */
function useReloadOptionsAfterSync(syncing: boolean) {
  const queryClient = useQueryClient();
  const was = useRef(syncing);
  useEffect(() => {
    if (was.current && !syncing) void queryClient.invalidateQueries({ queryKey: siteKeys.all });
    was.current = syncing;
  }, [syncing, queryClient]);
}

/** "12 of 60 websites", and under it where the list stands with each host (synced when, syncing, failed). */
function Summary({ page }: { page: WebsitePage }) {
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium" aria-live="polite">
        {`${page.total.toLocaleString('en-US')} of ${formatCount(page.overall, 'website')}`}
      </p>
      {page.hosts.map((host) => (
        <SyncStatus
          key={host.provider}
          meta={host}
          source={page.hosts.length > 1 ? WEBSITE_HOST_NAMES[host.provider] : undefined}
          syncing={{ provider: WEBSITE_HOST_NAMES[host.provider], noun: 'site' }}
        />
      ))}
    </div>
  );
}

function WebsitesViews({
  websites,
  selection,
  sorting,
}: {
  websites: WebsiteRow[];
  selection: Selection;
  sorting: SortState;
}) {
  return (
    <>
      <TabsContent value="list" className="min-w-0">
        <WebsitesTable websites={websites} selection={selection} sorting={sorting} />
      </TabsContent>
      <TabsContent value="grid" className="min-w-0">
        <WebsitesGrid websites={websites} />
      </TabsContent>
    </>
  );
}

function ConnectGridPaneButton({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant}>
      <Link href="/integrations">
        <Plug aria-hidden="true" />
        Connect GridPane
      </Link>
    </Button>
  );
}

/** Websites are stored but no host is connected (switched off, say): they stay, and no longer update. */
function NoHostNotice() {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm text-amber-900 sm:flex-row sm:items-center dark:text-amber-100"
    >
      <Plug className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-medium">No host is connected.</span> These are the websites read so far; they
        are not updated until GridPane is connected again on the Integrations page.
      </p>
      <ConnectGridPaneButton variant="outline" />
    </div>
  );
}

function WebsitesEmpty({
  page,
  params,
  onClear,
}: {
  page: WebsitePage;
  params: WebsiteParams;
  onClear: () => void;
}): ReactNode {
  if (page.overall === 0) {
    if (page.hosts.length === 0) {
      return (
        <EmptyState
          icon={Plug}
          title="No websites yet"
          description={HOW_SITES_ARRIVE}
          action={<ConnectGridPaneButton />}
        />
      );
    }
    const syncing = page.hosts.find((h) => h.refreshing);
    return (
      <EmptyState
        icon={Globe}
        title={syncing ? 'Reading your sites…' : 'No websites found'}
        description={
          syncing
            ? `${WEBSITE_HOST_NAMES[syncing.provider]}'s sites appear here as they are read; this page updates by itself.`
            : 'Your connected host lists no sites yet. Add sites there, then press Refresh.'
        }
      />
    );
  }
  const term = params.q?.trim() ?? '';
  const filtered = WEBSITE_FILTERS.some((k) => params[k] !== undefined);
  return (
    <EmptyState
      icon={SearchX}
      title={term ? `No websites match "${term}"` : 'No websites match the selected filters'}
      description={
        term && filtered
          ? 'Try a different search term, or clear the search and filters'
          : 'Try a different search term or filter'
      }
      action={
        <Button variant="outline" onClick={onClear}>
          {term && !filtered ? 'Clear Search' : 'Clear Filters'}
        </Button>
      }
    />
  );
}

const WEBSITE_FILTERS = ['server', 'tag', 'status', 'health', 'monitor', 'client'] as const;
