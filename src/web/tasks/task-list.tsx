import type { Task } from '@shared/tasks';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import {
  AssigneeAvatar,
  DueText,
  PriorityBadge,
  TaskDoneCheckbox,
  TaskStatusBadge,
  TaskTags,
  TaskTitleButton,
} from '../components/tasks/task-badges';
import { formatDueDate } from '../lib/tasks/due';
import { formatHours, progressPercent } from '../lib/tasks/filter';
import { TaskActionsMenu, type TaskHandlers } from './task-actions-menu';

const th = 'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground';
const td = 'px-3 py-2.5 align-middle';

/** List View: Task, Status, Priority, Assignee, Due Date, Progress, Actions. */
export function TaskList({ tasks, handlers }: { tasks: readonly Task[]; handlers: TaskHandlers }) {
  return (
    <Card className="overflow-hidden">
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[56rem] text-sm">
          <thead className="border-b bg-muted/40">
            <tr>
              <th className={th}>Task</th>
              <th className={th}>Status</th>
              <th className={th}>Priority</th>
              <th className={th}>Assignee</th>
              <th className={th}>Due Date</th>
              <th className={th}>Progress</th>
              <th className={`${th} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((task) => (
              <TaskRow key={task.id} task={task} handlers={handlers} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function TaskRow({ task, handlers }: { task: Task; handlers: TaskHandlers }) {
  const done = task.status === 'completed';
  const context = [task.client?.name, task.project].filter(Boolean).join(' · ');
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30">
      <td className={cn(td, 'max-w-sm')}>
        <div className="flex items-start gap-2.5">
          <TaskDoneCheckbox task={task} onToggle={handlers.onToggle} />
          <div className="grid min-w-0 gap-1">
            <TaskTitleButton task={task} onOpen={handlers.onEdit} />
            {context && <span className="truncate text-xs text-muted-foreground">{context}</span>}
            <TaskTags tags={task.tags} />
          </div>
        </div>
      </td>
      <td className={td}>
        <TaskStatusBadge status={task.status} />
      </td>
      <td className={td}>
        <PriorityBadge priority={task.priority} />
      </td>
      <td className={td}>
        {task.assignee ? (
          <span className="flex items-center gap-2 whitespace-nowrap">
            <AssigneeAvatar username={task.assignee.username} className="size-6 text-[10px]" />
            <span aria-hidden="true">{task.assignee.username}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">Unassigned</span>
        )}
      </td>
      <td className={td}>
        {task.dueDate ? (
          <div className="grid gap-0.5 whitespace-nowrap">
            <span>{formatDueDate(task.dueDate)}</span>
            {!done && <DueText dueDate={task.dueDate} done={false} />}
          </div>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
      <td className={td}>
        <Progress spent={task.timeSpentHours} estimated={task.estimatedHours} />
      </td>
      <td className={`${td} text-right`}>
        <TaskActionsMenu task={task} handlers={handlers} />
      </td>
    </tr>
  );
}

/** Time spent against the estimate as a bar; "—" without an estimate. */
function Progress({ spent, estimated }: { spent: number; estimated: number | null }) {
  const percent = progressPercent(spent, estimated);
  if (percent === null || estimated === null) return <span className="text-muted-foreground">—</span>;
  const over = spent > estimated;
  return (
    <div className="grid w-32 gap-1">
      <div
        role="progressbar"
        aria-label="Time spent of estimate"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', over ? 'bg-destructive' : 'bg-primary')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className={cn('text-xs tabular-nums', over ? 'text-destructive-text' : 'text-muted-foreground')}>
        {formatHours(spent)} / {formatHours(estimated)}
      </span>
    </div>
  );
}
