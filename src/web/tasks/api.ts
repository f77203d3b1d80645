import type { ClientPage } from '@shared/clients';
import type { Task, TaskPage, TaskRequest } from '@shared/tasks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { type ListParams, listSearch } from '@web/lib/use-list-params';

export const taskKeys = {
  all: ['tasks'] as const,
};

export const TASK_PARAM_KEYS = ['q', 'status', 'priority', 'assignee', 'client'] as const;
export type TaskParams = ListParams<(typeof TASK_PARAM_KEYS)[number]>;
export const TASKS_PAGE_SIZE = 50;

/**
 * One page of tasks, searched and filtered on the server, with every task's counts per status. The
 * list reads in board order (status, then due date); the board takes each page by due date, so that a
 * page shows every column rather than fifty of the first.
 */
export function useTaskPage(params: TaskParams, sort: 'status' | 'due') {
  const query = listSearch({
    sort,
    page: params.page,
    pageSize: TASKS_PAGE_SIZE,
    q: params.q,
    status: params.status,
    priority: params.priority,
    assigneeId: params.assignee,
    clientId: params.client,
  });
  return useQuery({
    queryKey: [...taskKeys.all, 'page', params, sort],
    queryFn: ({ signal }) => api.get<TaskPage>(`/api/tasks?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The Client filter's menu: the first clients whose name matches, fetched from the server. */
export function useClientFilterOptions(q: string) {
  const query = listSearch({ q: q.trim(), sort: 'name', pageSize: 20 });
  return useQuery({
    queryKey: ['clients', 'task-filter', q.trim()],
    queryFn: ({ signal }) => api.get<ClientPage>(`/api/clients?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateTasks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: taskKeys.all });
}

export function useCreateTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (body: TaskRequest) => api.post<Task>('/api/tasks', body),
    onSuccess: invalidate,
  });
}

/** PUT replaces every field: moving or ticking off a task sends the whole task with a new status. */
export function useUpdateTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TaskRequest }) => api.put<Task>(`/api/tasks/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/tasks/${id}`),
    onSuccess: invalidate,
  });
}
