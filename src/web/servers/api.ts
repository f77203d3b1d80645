import type { Server } from '@shared/servers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CacheMeta, pollWhileRefreshing } from '@web/components/sync-status';
import { api } from '@web/lib/api';

export type ServerList = CacheMeta & { data: Server[] };
export type ServerDetail = CacheMeta & { data: Server };

export const serverKeys = {
  all: ['servers'] as const,
  detail: (id: number | string) => ['servers', String(id)] as const,
};

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

/** GET ?refresh=true fetches anew from GridPane; its answer replaces the list without a page reload. */
const isDetail = (query: { queryKey: readonly unknown[] }) => query.queryKey.length > 1;

export function useRefreshServers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<ServerList>('/api/servers?refresh=true'),
    onSuccess: (list) => {
      queryClient.setQueryData(serverKeys.all, list);
      // Details are cached per server: let them reload from the fresh sync when next opened.
      return queryClient.invalidateQueries({
        queryKey: serverKeys.all,
        predicate: isDetail,
        refetchType: 'none',
      });
    },
  });
}
