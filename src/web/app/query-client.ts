import { QueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/**
 * Spec §9: no retries, no refetch on focus, data never stale. A query without its own queryFn GETs the
 * path made of its key (['clients', 3] → /api/clients/3), the spec's default convention (§7).
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
