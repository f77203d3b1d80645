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

/** What an activity list is about: a client (and its websites) or one website; nothing for all. */
export type ActivityAbout = { clientId: number } | { websiteId: number };

/** The last entries about a client or a website (their pages), asked again on every visit. */
export function useActivity(about: ActivityAbout, limit = 10) {
  const [key, id] = 'clientId' in about ? ['clientId', about.clientId] : ['websiteId', about.websiteId];
  return useQuery({
    queryKey: ['activity', { [key]: String(id), limit }],
    queryFn: ({ signal }) =>
      api.get<{ data: ActivityItem[]; nextBefore: number | null }>(
        `/api/activity?${key}=${id}&limit=${limit}`,
        {
          signal,
        },
      ),
    refetchOnMount: 'always',
  });
}
