import type { Check, CheckDetail, CheckRequest, ChecksForWebsites } from '@shared/checks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { clientKeys } from '@web/lib/clients/api';
import { websiteKeys } from '@web/lib/websites/api';

export const checkKeys = {
  all: ['checks'] as const,
  detail: (id: number) => ['checks', id] as const,
  results: (id: number, from: string) => ['checks', id, 'results', from] as const,
};

export type CheckResults = {
  data: { at: string; ok: boolean; responseMs: number | null; status: number | null; error: string | null }[];
  hourly: { at: string; samples: number; failures: number; avgResponseMs: number | null }[];
};

/** Our checks refresh every 30 s while a page shows them: they change by themselves. */
const LIVE_MS = 30_000;

export function useCheck(id: number) {
  return useQuery({
    queryKey: checkKeys.detail(id),
    queryFn: ({ signal }) => api.get<CheckDetail>(`/api/checks/${id}`, { signal }),
    refetchInterval: LIVE_MS,
  });
}

export function useCheckResults(id: number, from: string) {
  return useQuery({
    queryKey: checkKeys.results(id, from),
    queryFn: ({ signal }) =>
      api.get<CheckResults>(`/api/checks/${id}/results?from=${encodeURIComponent(from)}`, { signal }),
    refetchInterval: LIVE_MS,
  });
}

/**
 * Everything that shows how a site is watched: checks, websites (their health and monitoring), clients
 * (their pages list their websites' checks), the dashboard's counts, the Uptime list and the activity.
 * A change of a check or of a maintenance window reloads them all, so every page shows it at once.
 */
const MONITORING_VIEWS = [
  checkKeys.all,
  websiteKeys.all,
  clientKeys.all,
  ['dashboard'],
  ['uptime'],
  ['activity'],
] as const;

export function useInvalidateMonitoring() {
  const queryClient = useQueryClient();
  return () => Promise.all(MONITORING_VIEWS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveCheck() {
  const invalidate = useInvalidateMonitoring();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CheckRequest }) =>
      id ? api.put<Check>(`/api/checks/${id}`, body) : api.post<Check>('/api/checks', body),
    onSuccess: invalidate,
  });
}

export function useDeleteCheck() {
  const invalidate = useInvalidateMonitoring();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/checks/${id}`),
    onSuccess: invalidate,
  });
}

export function usePauseCheck() {
  const invalidate = useInvalidateMonitoring();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      api.post<Check>(`/api/checks/${id}/${paused ? 'pause' : 'resume'}`),
    onSuccess: invalidate,
  });
}

/** One click on a website, or every website without a check. */
export function useCreateChecksForWebsites() {
  const invalidate = useInvalidateMonitoring();
  return useMutation({
    mutationFn: (websiteIds?: number[]) =>
      api.post<ChecksForWebsites>('/api/checks/for-websites', websiteIds ? { websiteIds } : {}),
    onSuccess: invalidate,
  });
}
