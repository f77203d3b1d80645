import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useClients } from '@web/lib/clients/api';
import { useServers } from '@web/lib/servers/api';
import { useTags } from '@web/lib/tags/api';
import { X } from 'lucide-react';
import type { FleetParams } from '../../lib/fleet/use-fleet-params';

const ALL = 'all';

/** Client, server and tag filters of the fleet view. */
export function FleetFilters({
  params,
  set,
}: {
  params: FleetParams;
  set: (patch: Partial<FleetParams>) => void;
}) {
  const clients = useClients();
  const servers = useServers();
  const tags = useTags();
  const filtered = Boolean(params.clientId || params.serverId || params.tagId);
  return (
    <fieldset className="grid gap-2 sm:flex sm:flex-wrap sm:items-center">
      <legend className="sr-only">Filters</legend>
      <FilterSelect
        label="Client"
        all="All clients"
        value={params.clientId ? String(params.clientId) : undefined}
        options={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        onChange={(v) => set({ clientId: v ? Number(v) : undefined, page: 1 })}
      />
      <FilterSelect
        label="Server"
        all="All servers"
        value={params.serverId}
        options={(servers.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.label }))}
        onChange={(v) => set({ serverId: v, page: 1 })}
      />
      <FilterSelect
        label="Tag"
        all="All tags"
        value={params.tagId ? String(params.tagId) : undefined}
        options={(tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        onChange={(v) => set({ tagId: v ? Number(v) : undefined, page: 1 })}
      />
      {filtered && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => set({ clientId: undefined, serverId: undefined, tagId: undefined, page: 1 })}
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}

/** One filter as a select: "all" clears it. */
export function FilterSelect({
  label,
  all,
  value,
  options,
  onChange,
}: {
  label: string;
  all: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <SelectTrigger className="w-full sm:w-44" aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{all}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
