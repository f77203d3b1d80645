import { usePageTitle } from '@web/app/page-title';
import { CheckFormDialog } from '@web/components/checks/check-form-dialog';
import { ListPager } from '@web/components/list-pager';
import { MaintenanceCard } from '@web/components/maintenance/maintenance-card';
import { ErrorState } from '@web/components/page-states';
import { RefreshButton } from '@web/components/refresh-button';
import { RoleGate } from '@web/components/role-gate';
import { SearchInput } from '@web/components/search-input';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { LoadingState } from '@web/components/ui/spinner';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { type ViewMode, ViewTabs } from '@web/components/view-tabs';
import { errorMessage } from '@web/lib/api';
import { useCreateChecksForWebsites } from '@web/lib/checks/api';
import { refusedText } from '@web/lib/checks/refused';
import { formatCount } from '@web/lib/format';
import { Plus, Radar } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  UPTIME_PAGE_SIZE,
  useRefreshMonitors,
  useUpdateResponseTimes,
  useUptimeList,
} from '../lib/uptime/api';
import { UptimeEmpty } from './uptime-empty';
import { UptimeGrid } from './uptime-grid';
import { UptimeSummary } from './uptime-summary';
import { UptimeTable } from './uptime-table';
import { useUptimeParams } from './use-uptime-params';

const STATUSES = ['down', 'up', 'paused', 'pending', 'maintenance'] as const;

/**
 * Our own checks beside Better Uptime's monitors, one page at a time from the server: search, source
 * and status filters in the address (a link, a reload and Back keep the view), Add check, and one click
 * to check every website that has no check yet.
 */
export function UptimePage() {
  usePageTitle('Uptime Monitoring', 'Your own checks and Better Uptime monitors');
  const { params, set } = useUptimeParams();
  const [search, setSearch] = useState(params.q ?? '');
  const [view, setView] = useState<ViewMode>('list');
  const [adding, setAdding] = useState(false);
  const [bulk, setBulk] = useState(false);
  const list = useUptimeList(params);
  const refresh = useRefreshMonitors();
  const createForAll = useCreateChecksForWebsites();
  const buConfigured = list.data?.betteruptime.configured ?? false;

  // Typing queries the server a moment after the last key, not on every key.
  useEffect(() => setSearch(params.q ?? ''), [params.q]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((params.q ?? '') !== search.trim())
        set({ q: search.trim() || undefined, page: 1 }, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, params.q, set]);

  const onRefresh = () => {
    if (!buConfigured) return void list.refetch();
    refresh.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Unable to fetch monitors',
          description: errorMessage(error, 'Failed to refresh monitors'),
          variant: 'destructive',
        }),
    });
  };
  const onBulk = async () => {
    try {
      const { created, refused } = await createForAll.mutateAsync(undefined);
      toast({
        title: created
          ? `Added ${formatCount(created, 'check')}`
          : refused.length
            ? 'No check added'
            : 'Every website has a check already',
        description:
          refusedText(refused) ?? (created ? 'Each website is now checked every minute.' : undefined),
      });
      void list.refetch();
    } catch (error) {
      toast({ title: 'Failed to add checks', description: errorMessage(error, ''), variant: 'destructive' });
    }
  };

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      {buConfigured && <FiguresOnVisit />}
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search monitors by name or URL..."
          label="Search monitors"
          className="lg:min-w-72 lg:max-w-md lg:flex-1"
        />
        <div className="flex flex-wrap items-center gap-2">
          <Select
            value={params.source ?? 'all'}
            onValueChange={(v) =>
              set({ source: v === 'all' ? undefined : (v as 'check' | 'monitor'), page: 1 })
            }
          >
            <SelectTrigger className="w-40" aria-label="Source">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All sources</SelectItem>
              <SelectItem value="check">Our checks</SelectItem>
              <SelectItem value="monitor">Better Uptime</SelectItem>
            </SelectContent>
          </Select>
          <Select
            value={params.status ?? 'all'}
            onValueChange={(v) => set({ status: v === 'all' ? undefined : v, page: 1 })}
          >
            <SelectTrigger className="w-36" aria-label="Status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Any status</SelectItem>
              {STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {s[0]!.toUpperCase() + s.slice(1)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-wrap gap-2 lg:ml-auto">
          <Button variant="outline" size="sm" onClick={() => setBulk(true)}>
            <Radar aria-hidden="true" />
            Check all websites
          </Button>
          <RoleGate need="staff">
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add check
            </Button>
          </RoleGate>
          <RefreshButton loading={list.isFetching || refresh.isPending} onClick={onRefresh} />
        </div>
      </div>
      <MaintenanceCard
        filter={{}}
        targets={null}
        empty="None on or planned. Start one from a check, a website, a client or a server, or for websites selected in the Websites list."
      />
      {list.isPending ? (
        <LoadingState text="Loading monitors..." className="min-h-[40vh]" />
      ) : list.isError ? (
        <ErrorState
          title="Unable to fetch monitors"
          description={errorMessage(list.error, 'Please try again.')}
        />
      ) : (
        <Tabs value={view} onValueChange={(v) => setView(v as ViewMode)} className="grid grid-cols-1 gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <UptimeSummary list={list.data} />
            <ViewTabs />
          </div>
          {list.data.data.length === 0 ? (
            <TabsContent value={view}>
              <UptimeEmpty
                search={params.q ?? ''}
                filtered={Boolean(params.source || params.status)}
                total={list.data.counts.check + list.data.counts.monitor}
                buConfigured={buConfigured}
                onClear={() => set({ q: undefined, source: undefined, status: undefined, page: 1 })}
                onAdd={() => setAdding(true)}
              />
            </TabsContent>
          ) : (
            <>
              <TabsContent value="list">
                <UptimeTable rows={list.data.data} />
              </TabsContent>
              <TabsContent value="grid">
                <UptimeGrid rows={list.data.data} />
              </TabsContent>
              <ListPager
                page={params.page}
                total={list.data.total}
                pageSize={UPTIME_PAGE_SIZE}
                onPage={(page) => set({ page })}
              />
            </>
          )}
        </Tabs>
      )}
      <CheckFormDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={bulk}
        onOpenChange={setBulk}
        title="Check every website?"
        description="Adds a check, every minute, for each website that has none yet. You can pause or delete any of them later."
        confirmLabel="Add checks"
        confirmVariant="default"
        onConfirm={onBulk}
      />
    </div>
  );
}

/** Once per visit, the uptime page asks for fresh Better Uptime figures. */
function FiguresOnVisit() {
  useUpdateResponseTimes();
  return null;
}
