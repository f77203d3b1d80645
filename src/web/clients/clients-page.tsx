import type { Client } from '@shared/clients';
import { usePageTitle } from '@web/app/page-title';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { LoadingState } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useSearchParamState } from '@web/lib/use-search-param';
import { useState } from 'react';
import { useClients, useDeleteClient } from './api';
import { ClientCard } from './client-card';
import { ClientFormDialog } from './client-form-dialog';
import { ClientsEmpty, ClientsError } from './clients-states';
import { ClientsToolbar } from './clients-toolbar';
import { clientCount, filterClients, type StatusFilter } from './filter';

export const DELETE_CLIENT_CONFIRM = 'Are you sure you want to delete this client?';

export function ClientsPage() {
  usePageTitle('Clients', 'Manage your agency clients');
  const clients = useClients();
  const remove = useDeleteClient();
  const [search, setSearch] = useSearchParamState();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [form, setForm] = useState<{ open: boolean; client?: Client }>({ open: false });
  const [deleting, setDeleting] = useState<Client>();

  const openAdd = () => setForm({ open: true });
  const filtered = filterClients(clients.data ?? [], search, status);
  const isFiltering = search.trim() !== '' || status !== 'all';

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
    <div className="mx-auto grid max-w-7xl gap-6">
      <ClientsToolbar
        search={search}
        onSearchChange={setSearch}
        status={status}
        onStatusChange={setStatus}
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
        <section aria-label="Clients" className="grid gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {isFiltering
              ? `${clientCount(filtered.length)} of ${clients.data.length}`
              : clientCount(clients.data.length)}
          </p>
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
        </section>
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
