import type { Client, ClientPage } from '@shared/clients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OptionPicker } from '@web/components/option-picker';
import { api } from '@web/lib/api';
import { listSearch } from '@web/lib/use-list-params';
import { useState } from 'react';

/** How many clients the menu loads per search. */
const CLIENT_OPTIONS = 20;

/**
 * A list's Client filter. Clients can run to thousands: the menu searches them on the server, twenty
 * at a time; `value` is the chosen client's id as the address holds it.
 */
export function ClientFilter({
  value,
  onChange,
  className = 'w-full sm:w-52',
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  className?: string;
}) {
  const [search, setSearch] = useState('');
  const q = search.trim();
  const options = useQuery({
    queryKey: ['clients', 'filter', q],
    queryFn: ({ signal }) =>
      api.get<ClientPage>(`/api/clients?${listSearch({ q, sort: 'name', pageSize: CLIENT_OPTIONS })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  // The chosen client may not be among the twenty the search loaded (a link, a reload): its own name,
  // under the client page's key, so either fills the other's cache.
  const chosen = useQuery({
    queryKey: ['clients', value ?? ''],
    queryFn: ({ signal }) => api.get<Client>(`/api/clients/${encodeURIComponent(value ?? '')}`, { signal }),
    enabled: Boolean(value),
  });
  return (
    <OptionPicker
      label="Client filter"
      allLabel="All clients"
      value={value}
      valueLabel={chosen.data?.name}
      options={(options.data?.data ?? []).map((c) => ({ id: String(c.id), label: c.name }))}
      search={search}
      onSearch={setSearch}
      onChange={onChange}
      placeholder="Search clients..."
      loading={options.isFetching}
      className={className}
    />
  );
}
