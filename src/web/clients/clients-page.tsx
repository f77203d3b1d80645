import type { Client } from '@shared/clients';
import { usePageTitle } from '@web/app/page-title';
import { ListPager } from '@web/components/list-pager';
import type { SortState } from '@web/components/sort-header';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { LoadingState } from '@web/components/ui/spinner';
import { Tabs, TabsContent } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { ViewTabs, viewOf } from '@web/components/view-tabs';
import { errorMessage } from '@web/lib/api';
import { useDebouncedQuery, useListParams } from '@web/lib/use-list-params';
import { useCallback, useState } from 'react';
import {
  CLIENT_PARAM_KEYS,
  CLIENTS_PAGE_SIZE,
  DEFAULT_CLIENT_SORT,
  useClientPage,
  useDeleteClient,
} from '../lib/clients/api';
import { ClientCard } from './client-card';
import { ClientFormDialog } from './client-form-dialog';
import { ClientsEmpty, ClientsError } from './clients-states';
import { ClientsTable } from './clients-table';
import { ClientsToolbar } from './clients-toolbar';
import { clientCount, type StatusFilter } from './filter';

export const DELETE_CLIENT_CONFIRM = 'Are you sure you want to delete this client?';

/**
 * The clients, one page at a time from the server, as cards or as a table (`?view=list`). Search,
 * filters, sort (by company unless the address says otherwise), view and page live in the address.
 */
export function ClientsPage() {
  usePageTitle('Clients', 'Manage your agency clients');
  const { params, set } = useListParams(CLIENT_PARAM_KEYS);
  const clients = useClientPage(params);
  const remove = useDeleteClient();
  const onSettle = useCallback((q: string | undefined) => set({ q }, { replace: true }), [set]);
  const [search, setSearch] = useDebouncedQuery(params.q, onSettle);
  const status = (params.status ?? 'all') as StatusFilter;
  const [form, setForm] = useState<{ open: boolean; client?: Client }>({ open: false });
  const [deleting, setDeleting] = useState<Client>();
  const view = viewOf(params.view, 'grid');
  const sorting: SortState = {
    sort: params.sort ?? DEFAULT_CLIENT_SORT,
    onSort: (sort) => set({ sort: sort === DEFAULT_CLIENT_SORT ? undefined : sort }),
  };

  const openAdd = () => setForm({ open: true });
  const filtered = clients.data?.data ?? [];
  const isFiltering = Boolean(params.q || params.status || params.tag);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Client deleted successfully' }),
      onError: (error) =>
        toast({
          title: 'Failed to delete client',
          description: errorMessage(error, 'Failed to delete client'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <ClientsToolbar
        search={search}
        onSearchChange={setSearch}
        status={status}
        onStatusChange={(v) => set({ status: v === 'all' ? undefined : v })}
        tag={params.tag}
        onTagChange={(tag) => set({ tag })}
        onAdd={openAdd}
      />
      {clients.isPending ? (
        <LoadingState text="Loading clients..." className="min-h-[40vh]" />
      ) : clients.isError ? (
        <ClientsError
          message={errorMessage(clients.error, 'Failed to load clients')}
          onRetry={() => void clients.refetch()}
          retrying={clients.isFetching}
        />
      ) : filtered.length === 0 ? (
        <ClientsEmpty filtered={isFiltering} onAdd={openAdd} />
      ) : (
        <Tabs
          asChild
          value={view}
          onValueChange={(v) => set({ view: v === 'grid' ? undefined : v, page: params.page })}
        >
          <section aria-label="Clients" className="grid grid-cols-1 gap-3">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {isFiltering
                  ? `${clientCount(clients.data.total)} of ${clients.data.overall}`
                  : clientCount(clients.data.overall)}
              </p>
              <ViewTabs />
            </div>
            <TabsContent value="grid" className="min-w-0">
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
                {filtered.map((client) => (
                  <ClientCard
                    key={client.id}
                    client={client}
                    onEdit={(c) => setForm({ open: true, client: c })}
                    onDelete={setDeleting}
                  />
                ))}
              </div>
            </TabsContent>
            <TabsContent value="list" className="min-w-0">
              <ClientsTable clients={filtered} sorting={sorting} />
            </TabsContent>
            <ListPager
              page={params.page}
              total={clients.data.total}
              pageSize={CLIENTS_PAGE_SIZE}
              onPage={(page) => set({ page })}
            />
          </section>
        </Tabs>
      )}
      <ClientFormDialog
        open={form.open}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        client={form.client}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={`Delete ${deleting?.name ?? 'client'}?`}
        description={DELETE_CLIENT_CONFIRM}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
