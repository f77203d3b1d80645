import type { Task } from '@shared/tasks';
import { Card } from '@web/components/ui/card';
import { Building2, Globe } from 'lucide-react';
import {
  AssigneeAvatar,
  DueText,
  PriorityBadge,
  TaskDoneCheckbox,
  TaskTags,
  TaskTitleButton,
} from '../components/tasks/task-badges';
import { TaskActionsMenu, type TaskHandlers } from './task-actions-menu';

/** A task on the board: done checkbox, title (opens the task), priority, client, due label, tags, assignee, menu. */
export function TaskCard({ task, handlers }: { task: Task; handlers: TaskHandlers }) {
  const done = task.status === 'completed';
  const titleId = `task-${task.id}-title`;
  return (
    <Card role="article" aria-labelledby={titleId} className="grid gap-2.5 p-3">
      <div className="flex items-start gap-2.5">
        <TaskDoneCheckbox task={task} onToggle={handlers.onToggle} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-sm leading-snug">
            <TaskTitleButton task={task} onOpen={handlers.onEdit} />
          </h3>
          {task.description && (
            <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{task.description}</p>
          )}
        </div>
        <TaskActionsMenu task={task} handlers={handlers} />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
        <PriorityBadge priority={task.priority} />
        {task.client && (
          <span className="inline-flex min-w-0 items-center gap-1">
            <Building2 className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">Client: </span>
            <span className="truncate">{task.client.name}</span>
          </span>
        )}
        {task.website && (
          <span className="inline-flex min-w-0 items-center gap-1">
            <Globe className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">Website: </span>
            <span className="truncate">{task.website.name}</span>
          </span>
        )}
      </div>
      {(task.tags.length > 0 || task.dueDate || task.assignee) && (
        <div className="flex items-center gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1.5">
            <DueText dueDate={task.dueDate} done={done} />
            <TaskTags tags={task.tags} />
          </div>
          {task.assignee && <AssigneeAvatar username={task.assignee.username} />}
        </div>
      )}
    </Card>
  );
}
