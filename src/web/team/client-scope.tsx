import { SCOPABLE_ROLES } from '@shared/auth';
import type { Client, ClientPage } from '@shared/clients';
import type { TeamUser } from '@shared/users';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { api, errorMessage } from '@web/lib/api';
import { listSearch } from '@web/lib/use-list-params';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { userKeys } from '../lib/team/api';

/** The names of these clients, each read by id under the client page's own key (shared cache). */
function useClientNames(ids: readonly number[]): Map<number, string> {
  const found = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['clients', String(id)],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Client>(`/api/clients/${id}`, { signal }),
    })),
  });
  return new Map(found.flatMap((q, i) => (q.data ? [[ids[i]!, q.data.name] as const] : [])));
}

/** "Every client", or the first chosen clients' names and how many more. */
export function scopeSummary(ids: readonly number[] | null, names: Map<number, string>): string {
  if (!ids) return 'Every client';
  const shown = ids.slice(0, 2).map((id) => names.get(id) ?? `Client ${id}`);
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** "Every client", or the chosen clients' names, in a table cell. */
export function ScopeSummary({ ids }: { ids: number[] | null }) {
  const names = useClientNames(ids ?? []);
  return <span className={ids ? '' : 'text-muted-foreground'}>{scopeSummary(ids, names)}</span>;
}

/** A colleague's clients on the Team page; an Admin may change them for Staff members and Viewers. */
export function ClientScopeCell({ user, canChange }: { user: TeamUser; canChange: boolean }) {
  const [open, setOpen] = useState(false);
  const names = useClientNames(user.clientIds ?? []);
  const summary = scopeSummary(user.clientIds, names);
  const scopable = SCOPABLE_ROLES.includes(user.role);
  if (!canChange || !scopable)
    return <span className={user.clientIds ? '' : 'text-muted-foreground'}>{summary}</span>;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-8 max-w-56 justify-start truncate px-2 font-normal"
        aria-label={`Clients of ${user.username}: ${summary}. Change`}
        onClick={() => setOpen(true)}
      >
        <span className="truncate">{summary}</span>
      </Button>
      {open && <ClientScopeDialog user={user} names={names} onClose={() => setOpen(false)} />}
    </>
  );
}

function ClientScopeDialog({
  user,
  names,
  onClose,
}: {
  user: TeamUser;
  names: Map<number, string>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [limited, setLimited] = useState(user.clientIds !== null);
  const [chosen, setChosen] = useState<{ id: number; name: string }[]>(
    (user.clientIds ?? []).map((id) => ({ id, name: names.get(id) ?? `Client ${id}` })),
  );
  const save = useMutation({
    mutationFn: (clientIds: number[] | null) => api.patch<TeamUser>(`/api/users/${user.id}`, { clientIds }),
    onSuccess: (changed) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      toast({
        title: 'Clients changed',
        description: changed.clientIds
          ? `${changed.username} now sees ${changed.clientIds.length === 1 ? '1 client' : `${changed.clientIds.length} clients`} and their websites.`
          : `${changed.username} now sees every client.`,
      });
      onClose();
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(limited && chosen.length > 0 ? chosen.map((c) => c.id) : null);
  };
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Clients of ${user.username}`}
      description="A Staff member or Viewer limited to chosen clients sees only them and their websites, checks, incidents, tasks and reports."
      className="sm:max-w-lg"
    >
      <form onSubmit={onSubmit} className="grid gap-4">
        <ScopeChoice limited={limited} setLimited={setLimited} chosen={chosen} setChosen={setChosen} />
        {save.isError && (
          <p role="alert" className="text-sm text-destructive-text">
            {errorMessage(save.error, 'The clients could not be saved. Please try again.')}
          </p>
        )}
        <FormDialogFooter
          pending={save.isPending}
          onCancel={onClose}
          submitLabel="Save"
          disabled={limited && chosen.length === 0}
        />
      </form>
    </FormDialog>
  );
}

type Chosen = { id: number; name: string }[];

/** Every client, or only chosen ones: the choice for a Staff member or Viewer. */
export function ScopeChoice({
  limited,
  setLimited,
  chosen,
  setChosen,
}: {
  limited: boolean;
  setLimited: (limited: boolean) => void;
  chosen: Chosen;
  setChosen: (update: (chosen: Chosen) => Chosen) => void;
}) {
  const radio = useId();
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="sr-only">Which clients</legend>
        <label className="flex items-center gap-2 text-sm" htmlFor={`${radio}-all`}>
          <input
            id={`${radio}-all`}
            type="radio"
            name={radio}
            checked={!limited}
            onChange={() => setLimited(false)}
          />
          Every client
        </label>
        <label className="flex items-center gap-2 text-sm" htmlFor={`${radio}-some`}>
          <input
            id={`${radio}-some`}
            type="radio"
            name={radio}
            checked={limited}
            onChange={() => setLimited(true)}
          />
          Only these clients
        </label>
      </fieldset>
      {limited && (
        <ChosenClients
          chosen={chosen}
          onAdd={(c) => setChosen((cs) => (cs.some((x) => x.id === c.id) ? cs : [...cs, c]))}
          onRemove={(id) => setChosen((cs) => cs.filter((c) => c.id !== id))}
        />
      )}
    </>
  );
}

/** The chosen clients, each removable, and a search (on the server) to add more. */
function ChosenClients({
  chosen,
  onAdd,
  onRemove,
}: {
  chosen: { id: number; name: string }[];
  onAdd: (client: { id: number; name: string }) => void;
  onRemove: (id: number) => void;
}) {
  const [search, setSearch] = useState('');
  const q = search.trim();
  const found = useQuery({
    queryKey: ['clients', 'scope-search', q],
    queryFn: ({ signal }) =>
      api.get<ClientPage>(`/api/clients?${listSearch({ q, sort: 'name', pageSize: 8 })}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const searchId = useId();
  const offered = (found.data?.data ?? []).filter((c) => !chosen.some((x) => x.id === c.id));
  return (
    <div className="grid gap-3">
      {chosen.length === 0 ? (
        <p className="text-sm text-muted-foreground">No client chosen yet: add at least one.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen clients">
          {chosen.map((c) => (
            <li key={c.id} className="flex items-center gap-1 rounded-md border px-2 py-1 text-sm">
              {c.name}
              <button
                type="button"
                className="rounded-sm p-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-2"
                aria-label={`Remove ${c.name}`}
                onClick={() => onRemove(c.id)}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Add a client</Label>
        <Input
          id={searchId}
          type="search"
          placeholder="Search clients..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <ul className="grid gap-1" aria-label="Matching clients">
          {offered.map((c) => (
            <li key={c.id}>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="w-full justify-start"
                onClick={() => onAdd({ id: c.id, name: c.name })}
              >
                <Plus className="size-3.5" aria-hidden="true" /> {c.name}
              </Button>
            </li>
          ))}
          {found.isSuccess && offered.length === 0 && (
            <li className="px-2 text-sm text-muted-foreground">No other client matches.</li>
          )}
        </ul>
      </div>
    </div>
  );
}
