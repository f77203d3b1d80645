import type { Client, ClientRequest } from '@shared/clients';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const clientKeys = {
  all: ['clients'] as const,
};

export function useClients() {
  return useQuery({
    queryKey: clientKeys.all,
    queryFn: ({ signal }) => api.get<Client[]>('/api/clients', { signal }),
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
