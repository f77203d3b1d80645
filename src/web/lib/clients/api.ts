import type { Client, ClientPage, ClientRequest } from '@shared/clients';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { type ListParams, listSearch } from '@web/lib/use-list-params';

export const clientKeys = {
  all: ['clients'] as const,
};

export function useClients() {
  return useQuery({
    queryKey: clientKeys.all,
    queryFn: ({ signal }) => api.get<Client[]>('/api/clients', { signal }),
  });
}

/** The address of the clients list: search, filters, sort ("company", "-name" …) and the view. */
export const CLIENT_PARAM_KEYS = ['q', 'status', 'tag', 'sort', 'view'] as const;
export type ClientParams = ListParams<(typeof CLIENT_PARAM_KEYS)[number]>;
export const CLIENTS_PAGE_SIZE = 30;
/** Cards and table alike list clients by company unless the address names another sort. */
export const DEFAULT_CLIENT_SORT = 'company';

/** One page of clients, searched and filtered on the server (GET /api/clients?page=…). */
export function useClientPage(params: ClientParams) {
  const query = listSearch({
    page: params.page,
    pageSize: CLIENTS_PAGE_SIZE,
    q: params.q,
    status: params.status,
    tagId: params.tag,
    sort: params.sort ?? DEFAULT_CLIENT_SORT,
  });
  return useQuery({
    // The request, not the address: switching between cards and table asks for nothing new.
    queryKey: [...clientKeys.all, 'page', query],
    queryFn: ({ signal }) => api.get<ClientPage>(`/api/clients?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clientKeys.all });
}

export function useCreateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (body: ClientRequest) => api.post<Client>('/api/clients', body),
    onSuccess: invalidate,
  });
}

/** PUT replaces every field, so the body is always the whole form. */
export function useUpdateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ClientRequest }) =>
      api.put<Client>(`/api/clients/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/clients/${id}`),
    onSuccess: invalidate,
  });
}
