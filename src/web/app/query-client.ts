import { QueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/**
 * No retries, no refetch on focus, data never stale: data changes when a mutation invalidates it or a
 * person refreshes. A query without its own queryFn GETs the path made of its key
 * (['clients', 3] → /api/clients/3).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: ({ queryKey, signal }) => api.get(`/api/${queryKey.map(String).join('/')}`, { signal }),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
