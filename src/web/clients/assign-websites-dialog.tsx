import type { WebsiteOption } from '@shared/websites';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { SearchInput } from '@web/components/search-input';
import { Checkbox } from '@web/components/ui/checkbox';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatCount } from '@web/lib/format';
import { useDebouncedValue } from '@web/lib/search/use-server-search';
import { type FormEvent, useState } from 'react';
import { useAssignWebsites, useWebsiteOptions } from '../lib/clients/client-api';

/**
 * Picks websites for a client, searching the whole fleet on the server (20 at a time). A website that
 * belongs to another client says so: assigning it moves it here.
 */
export function AssignWebsitesDialog({
  client,
  open,
  onOpenChange,
}: {
  client: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const options = useWebsiteOptions(q, open);
  const [chosen, setChosen] = useState<Map<number, WebsiteOption>>(new Map());
  const assign = useAssignWebsites(client.id);

  const close = (next: boolean) => {
    if (!next) {
      setSearch('');
      setChosen(new Map());
    }
    onOpenChange(next);
  };
  const toggle = (w: WebsiteOption, on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (on) next.set(w.id, w);
      else next.delete(w.id);
      return next;
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size === 0) return;
    try {
      const { assigned } = await assign.mutateAsync([...chosen.keys()]);
      toast({ title: `${formatCount(assigned, 'website')} added to ${client.name}` });
      close(false);
    } catch (error) {
      toast({
        title: 'Failed to add websites',
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };

  const rows = options.data?.data ?? [];
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={`Add websites to ${client.name}`}
      description="Search by domain and tick the websites that belong to this client. A website has one client."
      className="sm:max-w-lg"
    >
      <form onSubmit={submit} className="grid gap-4">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search websites..."
          label="Search websites"
        />
        <div className="max-h-72 min-h-32 overflow-y-auto rounded-md border" aria-busy={options.isFetching}>
          {options.isPending ? (
            <p role="status" className="flex items-center gap-2 p-3 text-sm text-muted-foreground">
              <Spinner /> Loading websites...
            </p>
          ) : options.isError ? (
            <p role="alert" className="p-3 text-sm text-destructive-text">
              {errorMessage(options.error, 'Could not load websites')}
            </p>
          ) : rows.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">
              {q ? `No website matches "${q}"` : 'No websites yet. Connect GridPane under Integrations.'}
            </p>
          ) : (
            <ul className="divide-y" aria-label="Websites">
              {rows.map((w) => {
                const mine = w.client?.id === client.id;
                return (
                  <li key={w.id} className="flex min-w-0 items-center gap-3 px-3 py-2 hover:bg-muted/50">
                    <Checkbox
                      id={`pick-website-${w.id}`}
                      checked={mine || chosen.has(w.id)}
                      disabled={mine}
                      onCheckedChange={(on) => toggle(w, on === true)}
                    />
                    <label
                      htmlFor={`pick-website-${w.id}`}
                      className="min-w-0 flex-1 cursor-pointer truncate text-sm"
                    >
                      {w.domain}
                    </label>
                    {w.client && (
                      <span className="max-w-40 shrink-0 truncate text-xs text-muted-foreground">
                        {mine ? 'Already here' : `Now: ${w.client.name}`}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {options.data && options.data.total > rows.length && (
          <p className="text-xs text-muted-foreground">
            Showing {rows.length} of {options.data.total.toLocaleString()}: search to narrow it down.
          </p>
        )}
        <FormDialogFooter
          pending={assign.isPending}
          disabled={chosen.size === 0}
          onCancel={() => close(false)}
          submitLabel={chosen.size ? `Add ${formatCount(chosen.size, 'website')}` : 'Add websites'}
        />
      </form>
    </FormDialog>
  );
}
