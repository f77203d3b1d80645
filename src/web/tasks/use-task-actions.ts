import type { Task, TaskStatus } from '@shared/tasks';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useCreateTask, useDeleteTask, useUpdateTask } from '../lib/tasks/api';
import { duplicateRequest, STATUS_LABELS, taskToRequest, toggledStatus } from '../lib/tasks/filter';

const failed = (verb: string) => (error: unknown) =>
  toast({
    title: `Failed to ${verb} task`,
    description: errorMessage(error, `Failed to ${verb} task`),
    variant: 'destructive',
  });

/** The one-click actions of a task (board card, list row), each with its toast. */
export function useTaskActions() {
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();

  const move = (task: Task, status: TaskStatus) =>
    update.mutate(
      { id: task.id, body: taskToRequest(task, { status }) },
      {
        onSuccess: () =>
          toast({
            title: status === 'completed' ? 'Task completed' : 'Task updated',
            description: `${task.title} moved to ${STATUS_LABELS[status]}`,
          }),
        onError: failed('update'),
      },
    );

  return {
    move,
    toggle: (task: Task) => move(task, toggledStatus(task.status)),
    duplicate: (task: Task) =>
      create.mutate(duplicateRequest(task), {
        onSuccess: (copy) => toast({ title: 'Task duplicated', description: copy.title }),
        onError: failed('duplicate'),
      }),
    remove: (task: Task) =>
      remove.mutate(task.id, {
        onSuccess: () => toast({ title: 'Task deleted', description: task.title }),
        onError: failed('delete'),
      }),
  };
}
