import type { Monitor, MonitorPage } from '@shared/monitors';
import type { UptimeList } from '@shared/uptime';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CacheMeta } from '@web/components/sync-status';
import { api } from '@web/lib/api';
import { useEffect } from 'react';

export type MonitorList = CacheMeta & { data: Monitor[] };

export const monitorKeys = {
  all: ['monitors'] as const,
};

/** The response-time update is asked for 1 s after the uptime page opens. */
const UPDATE_DELAY_MS = 1_000;
/** The figures refresh runs in the background: reload the list once it has had time to land. */
const FIGURES_SETTLE_MS = 5_000;

/** Monitors whose name or URL contains `q` (one small page): the site detail finds its own among them. */
export function useMonitorsMatching(q: string) {
  return useQuery({
    queryKey: [...monitorKeys.all, 'matching', q],
    queryFn: ({ signal }) =>
      api.get<MonitorList>(`/api/monitors?${new URLSearchParams({ q, pageSize: '50' })}`, { signal }),
    enabled: q !== '',
  });
}

/** GET ?refresh=true fetches anew from Better Uptime; its answer replaces the list. */
export function useRefreshMonitors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<MonitorList>('/api/monitors?refresh=true'),
    onSuccess: (list) => {
      queryClient.setQueryData(monitorKeys.all, list);
      return queryClient.invalidateQueries({ queryKey: ['uptime'] });
    },
  });
}

/**
 * About 1 s after the uptime page opens, asks the server to refresh uptime and response times, once
 * per visit. The work runs in the background, so the list reloads a few seconds later. Failures are
 * only logged: the page already shows the last figures.
 */
export function useUpdateResponseTimes() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      api
        .post<{ message: string; started: boolean }>('/api/monitors/update-response-times')
        .then((result) => {
          console.info('Uptime figures:', result.message);
          if (cancelled) return;
          settle = setTimeout(() => {
            void queryClient.invalidateQueries({ queryKey: monitorKeys.all });
          }, FIGURES_SETTLE_MS);
        })
        .catch((error: unknown) => console.warn('Failed to update response times', error));
    }, UPDATE_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(start);
      clearTimeout(settle);
    };
  }, [queryClient]);
}

export type UptimeParams = { q?: string; source?: 'check' | 'monitor'; status?: string; page: number };

/** The Uptime page's list: our checks and Better Uptime's monitors, one page at a time. */
export function useUptimeList(params: UptimeParams) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(UPTIME_PAGE_SIZE) });
  if (params.q) query.set('q', params.q);
  if (params.source) query.set('source', params.source);
  if (params.status) query.set('status', params.status);
  return useQuery({
    queryKey: ['uptime', params],
    queryFn: ({ signal }) => api.get<UptimeList>(`/api/uptime?${query}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
export const UPTIME_PAGE_SIZE = 50;

/** Monitors whose name or URL contains `q`, a page of twenty (all of them first): for pickers. */
export function useMonitorSearch(q: string) {
  const query = new URLSearchParams({ q: q.trim(), page: '1', pageSize: '20', sort: 'name' });
  return useQuery({
    queryKey: [...monitorKeys.all, 'search', q.trim()],
    queryFn: ({ signal }) => api.get<MonitorPage>(`/api/monitors?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
