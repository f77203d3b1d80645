import type { AlertChannel, AlertChannelRequest } from '@shared/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const alertKeys = { channels: ['alerts', 'channels'] as const };
type Saved = AlertChannel & { secret?: string };

export function useAlertChannels() {
  return useQuery({
    queryKey: alertKeys.channels,
    queryFn: ({ signal }) => api.get<{ data: AlertChannel[] }>('/api/alerts/channels', { signal }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertKeys.channels });
}

export function useSaveAlertChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AlertChannelRequest }) =>
      id ? api.put<Saved>(`/api/alerts/channels/${id}`, body) : api.post<Saved>('/api/alerts/channels', body),
    onSuccess: invalidate,
  });
}

export function useDeleteAlertChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/alerts/channels/${id}`),
    onSuccess: invalidate,
  });
}

export function useTestAlertChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/api/alerts/channels/${id}/test`),
    onSettled: invalidate,
  });
}
