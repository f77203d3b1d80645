import type {
  CreateUpdateRunBody,
  UpdateRun,
  UpdateRunPage,
  UpdateRunPlan,
  UpdateRunStatus,
} from '@shared/updates';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api';
import { listSearch } from '@web/lib/use-list-params';

export const UPDATE_RUNS_PAGE_SIZE = 25;

export const updateKeys = {
  all: ['updates'] as const,
  runs: (page: number) => ['updates', 'runs', page] as const,
  run: (id: number) => ['updates', 'run', id] as const,
};

/** A run not over yet: its page follows it every few seconds, site by site. */
export const runUnderWay = (status: UpdateRunStatus | undefined) =>
  status === 'scheduled' || status === 'running';

const FOLLOW_MS = 3_000;

/** A page of update runs, newest first. */
export function useUpdateRuns(page: number) {
  return useQuery({
    queryKey: updateKeys.runs(page),
    queryFn: ({ signal }) =>
      api.get<UpdateRunPage>(`/api/updates/runs?${listSearch({ page, pageSize: UPDATE_RUNS_PAGE_SIZE })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    // The list shows how far the runs under way are, so it follows them too.
    refetchInterval: (query) =>
      query.state.data?.data.some((r) => runUnderWay(r.status)) ? FOLLOW_MS : false,
  });
}

/** One run with each site's items and steps, followed while it is scheduled or running. */
export function useUpdateRun(id: number) {
  return useQuery({
    queryKey: updateKeys.run(id),
    queryFn: ({ signal }) => api.get<UpdateRun>(`/api/updates/runs/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (runUnderWay(query.state.data?.status) ? FOLLOW_MS : false),
  });
}

/** Asks to cancel a run (Staff+): sites not started are skipped, those under way finish or roll back. */
export function useCancelUpdateRun(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UpdateRun>(`/api/updates/runs/${id}/cancel`),
    onSuccess: (run) => {
      queryClient.setQueryData(updateKeys.run(id), run);
      return queryClient.invalidateQueries({ queryKey: updateKeys.all });
    },
  });
}

/**
 * What a run would do with this body (Staff+): each site's items installed → target and newest backup,
 * or why it is left out. Nothing is written, so no cached list changes.
 */
export function usePlanUpdateRun() {
  return useMutation({
    mutationFn: (body: CreateUpdateRunBody) => api.post<UpdateRunPlan>('/api/updates/plan', body),
  });
}

/** Starts (or schedules) an update run (Staff+); its page follows it. */
export function useCreateUpdateRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUpdateRunBody) => api.post<{ id: number }>('/api/updates/runs', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: updateKeys.all }),
  });
}

/**
 * Why nothing was updated when the server found nothing to do: one "domain: reason" per website, or
 * null for any other failure.
 */
export function nothingToUpdateReasons(error: unknown): string[] | null {
  if (!isApiError(error) || error.code !== 'nothing_to_update') return null;
  return error.fieldErrors?.websiteIds ?? [];
}
