import type { ApiToken, CreatedToken, CreateTokenRequest } from '@shared/tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const tokenKeys = { all: ['tokens'] as const };

export function useTokens() {
  return useQuery({
    queryKey: tokenKeys.all,
    queryFn: ({ signal }) => api.get<ApiToken[]>('/api/tokens', { signal }),
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTokenRequest) => api.post<CreatedToken>('/api/tokens', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
