import { TASK_STATUSES, type Task, type TaskStatus } from '@shared/tasks';
import { cn } from '@web/lib/utils';
import { STATUS_LABELS } from '../lib/tasks/filter';
import type { TaskHandlers } from './task-actions-menu';
import { TaskCard } from './task-card';

const accents: Record<TaskStatus, string> = {
  todo: 'bg-slate-400',
  'in-progress': 'bg-blue-500',
  review: 'bg-violet-500',
  completed: 'bg-green-500',
};

/**
 * Four columns by status; a card moves through its menu or its checkbox. With `totals` (a page of a
 * longer list) a column that holds only part of its status says "N of M".
 */
export function TaskBoard({
  tasks,
  handlers,
  totals,
}: {
  tasks: readonly Task[];
  handlers: TaskHandlers;
  totals?: Record<TaskStatus, number>;
}) {
  return (
    <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2 xl:grid-cols-4">
      {TASK_STATUSES.map((status) => {
        const column = tasks.filter((t) => t.status === status);
        const total = totals?.[status];
        const partial = total !== undefined && total > column.length;
        return (
          <section
            key={status}
            aria-label={STATUS_LABELS[status]}
            className="grid gap-2.5 rounded-xl border bg-muted/40 p-2.5"
          >
            <h2 className="flex items-center gap-2 px-1 text-sm font-semibold">
              <span className={cn('size-2 rounded-full', accents[status])} aria-hidden="true" />
              {STATUS_LABELS[status]}
              <span className="ml-auto rounded-full bg-background px-2 py-0.5 text-xs font-medium text-muted-foreground tabular-nums">
                <span className="sr-only">(</span>
                {partial ? `${column.length} of ${total.toLocaleString('en-US')}` : column.length}
                <span className="sr-only">{column.length === 1 && !partial ? ' task)' : ' tasks)'}</span>
              </span>
            </h2>
            {column.length === 0 ? (
              <p className="rounded-lg border border-dashed px-3 py-6 text-center text-xs text-muted-foreground">
                No tasks
              </p>
            ) : (
              column.map((task) => <TaskCard key={task.id} task={task} handlers={handlers} />)
            )}
          </section>
        );
      })}
    </div>
  );
}
