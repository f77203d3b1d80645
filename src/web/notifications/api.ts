import type { Notification } from '@shared/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export interface NotificationList {
  data: Notification[];
  unreadCount: number;
}
type MarkRead = { ids: number[] } | { all: true };

export const notificationsKey = ['notifications'] as const;
/** The bell polls for new notifications once a minute. */
export const NOTIFICATIONS_REFETCH_MS = 60_000;

export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => api.get<NotificationList>('/api/notifications', { signal }),
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
  });
}

/** The list after marking: the chosen items (or all) read, and the server's own unread count. */
export function applyMarkRead(list: NotificationList, body: MarkRead, unreadCount: number): NotificationList {
  const ids = 'ids' in body ? new Set(body.ids) : null;
  return {
    unreadCount,
    data: list.data.map((n) => (ids === null || ids.has(n.id) ? { ...n, read: true } : n)),
  };
}

/** Marks notifications read; the badge drops at once from the answer's unreadCount. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkRead) =>
      api.post<{ updated: number; unreadCount: number }>('/api/notifications/read', body),
    onSuccess: (result, body) => {
      queryClient.setQueryData<NotificationList>(notificationsKey, (list) =>
        list ? applyMarkRead(list, body, result.unreadCount) : list,
      );
    },
  });
}
