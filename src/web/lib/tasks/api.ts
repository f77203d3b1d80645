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

/** What a short list of open tasks is about: a client or a website (their pages). */
export type TasksAbout = { clientId: number } | { websiteId: number };

/** How many open tasks such a list shows; the rest it counts. */
const OPEN_TASKS_SHOWN = 8;

/**
 * The first open tasks of a client or a website in the board's order (completed ones come last there)
 * and how many are open: two small pages, whatever the number of tasks.
 */
export function useOpenTasks(about: TasksAbout) {
  const [key, id] = 'clientId' in about ? ['clientId', about.clientId] : ['websiteId', about.websiteId];
  return useQuery({
    queryKey: [...taskKeys.all, { [key]: String(id) }],
    queryFn: async ({ signal }): Promise<{ rows: Task[]; open: number }> => {
      const [first, completed] = await Promise.all([
        api.get<TaskPage>(`/api/tasks?${key}=${id}&sort=status&pageSize=${OPEN_TASKS_SHOWN}`, { signal }),
        api.get<TaskPage>(`/api/tasks?${key}=${id}&status=completed&pageSize=1`, { signal }),
      ]);
      return {
        rows: first.data.filter((t) => t.status !== 'completed'),
        open: first.total - completed.total,
      };
    },
  });
}
