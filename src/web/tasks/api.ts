import type { Task, TaskRequest } from '@shared/tasks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const taskKeys = {
  all: ['tasks'] as const,
};

export function useTasks() {
  return useQuery({
    queryKey: taskKeys.all,
    queryFn: ({ signal }) => api.get<Task[]>('/api/tasks', { signal }),
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
