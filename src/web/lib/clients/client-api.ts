import type { Client, ClientWebsite } from '@shared/clients';
import type { WebsiteOption } from '@shared/websites';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { clientKeys } from './api';

/** One client's page: the client, its websites, tasks and activity, each its own query. */
export const clientPageKeys = {
  client: (id: string) => [...clientKeys.all, id] as const,
  websites: (id: string) => [...clientKeys.all, id, 'websites'] as const,
  activity: (id: string) => ['activity', { clientId: id }] as const,
  tasks: (id: string) => ['tasks', { clientId: id }] as const,
  options: (q: string) => ['websites', 'options', q] as const,
};

export function useClient(id: string) {
  return useQuery({
    queryKey: clientPageKeys.client(id),
    queryFn: ({ signal }) => api.get<Client>(`/api/clients/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useClientWebsites(id: string) {
  return useQuery({
    queryKey: clientPageKeys.websites(id),
    queryFn: ({ signal }) => api.get<ClientWebsite[]>(`/api/clients/${id}/websites`, { signal }),
  });
}

/** Websites matching a text, for the picker; the previous answer stays while the next loads. */
export function useWebsiteOptions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: clientPageKeys.options(q),
    queryFn: ({ signal }) =>
      api.get<{ data: WebsiteOption[]; total: number }>(
        `/api/websites/options?limit=20${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateClientPage() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: clientKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['websites'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
}

export function useAssignWebsites(clientId: number) {
  const invalidate = useInvalidateClientPage();
  return useMutation({
    mutationFn: (websiteIds: number[]) =>
      api.post<{ assigned: number }>(`/api/clients/${clientId}/websites`, { websiteIds }),
    onSuccess: invalidate,
  });
}

export function useSetWebsiteClient() {
  const invalidate = useInvalidateClientPage();
  return useMutation({
    mutationFn: ({ websiteId, clientId }: { websiteId: number; clientId: number | null }) =>
      api.put<{ websiteId: number; client: { id: number; name: string } | null }>(
        `/api/websites/${websiteId}/client`,
        { clientId },
      ),
    onSuccess: invalidate,
  });
}
