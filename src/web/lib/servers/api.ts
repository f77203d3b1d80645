import type { Server, ServerPage } from '@shared/servers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CacheMeta, pollWhileRefreshing } from '@web/components/sync-status';
import { api } from '@web/lib/api';
import { type ListParams, listSearch } from '@web/lib/use-list-params';

export type ServerList = CacheMeta & { data: Server[] };
export type ServerDetail = CacheMeta & { data: Server };

export const serverKeys = {
  all: ['servers'] as const,
  detail: (id: number | string) => ['servers', String(id)] as const,
};

export const SERVER_PARAM_KEYS = ['q', 'status'] as const;
export type ServerParams = ListParams<(typeof SERVER_PARAM_KEYS)[number]>;
export const SERVERS_PAGE_SIZE = 24;

/** One page of servers from the server (GET /api/servers?page=…), searched and filtered there. */
export function useServerPage(params: ServerParams) {
  const query = listSearch({
    page: params.page,
    pageSize: SERVERS_PAGE_SIZE,
    q: params.q,
    status: params.status,
  });
  return useQuery({
    queryKey: ['servers', 'page', params],
    queryFn: ({ signal }) => api.get<ServerPage>(`/api/servers?${query}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileRefreshing(),
  });
}

export function useServers() {
  return useQuery({
    queryKey: serverKeys.all,
    queryFn: ({ signal }) => api.get<ServerList>('/api/servers', { signal }),
    refetchInterval: pollWhileRefreshing(),
  });
}

export function useServer(id: string) {
  return useQuery({
    queryKey: serverKeys.detail(id),
    queryFn: ({ signal }) => api.get<ServerDetail>(`/api/servers/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: pollWhileRefreshing(),
    enabled: id !== '',
  });
}

/**
 * GET ?refresh=true fetches anew from GridPane (a one-row page back, not the whole list); the pages
 * reload from the fresh cache without a page reload, and details when next opened.
 */
export function useRefreshServers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<ServerPage>('/api/servers?refresh=true&page=1&pageSize=1'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serverKeys.all }),
  });
}
