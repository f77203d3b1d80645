import type { ActivityItem } from '@shared/activity';
import type { Dashboard } from '@shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** The dashboard shows what it has at once and refreshes on every visit (figures come from background jobs). */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get<Dashboard>('/api/dashboard', { signal }),
    refetchOnMount: 'always',
  });
}

export const ACTIVITY_LIMIT = 8;

export function useRecentActivity() {
  return useQuery({
    queryKey: ['activity', { limit: ACTIVITY_LIMIT }],
    queryFn: ({ signal }) =>
      api.get<{ data: ActivityItem[]; nextBefore: number | null }>(`/api/activity?limit=${ACTIVITY_LIMIT}`, {
        signal,
      }),
    refetchOnMount: 'always',
  });
}
