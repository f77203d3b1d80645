import type { Task, TaskPriority, TaskStatus } from '@shared/tasks';
import { RoleGate } from '@web/components/role-gate';
import { Badge } from '@web/components/ui/badge';
import { Checkbox } from '@web/components/ui/checkbox';
import { cn } from '@web/lib/utils';
import { CalendarClock } from 'lucide-react';
import { dueLabel, formatDueDate } from '../../lib/tasks/due';
import { PRIORITY_LABELS, STATUS_LABELS, userInitials, visibleTags } from '../../lib/tasks/filter';

const priorityTones: Record<TaskPriority, string> = {
  low: 'border-border bg-muted text-muted-foreground',
  medium:
    'border-blue-200 bg-blue-100 text-blue-800 dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-300',
  high: 'border-orange-200 bg-orange-100 text-orange-900 dark:border-orange-900 dark:bg-orange-950/60 dark:text-orange-300',
  urgent: 'border-red-200 bg-red-100 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300',
};

const statusTones: Record<TaskStatus, string> = {
  todo: 'border-border bg-muted text-muted-foreground',
  'in-progress':
    'border-blue-200 bg-blue-100 text-blue-800 dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-300',
  review:
    'border-violet-200 bg-violet-100 text-violet-800 dark:border-violet-900 dark:bg-violet-950/60 dark:text-violet-300',
  completed:
    'border-green-200 bg-green-100 text-green-800 dark:border-green-900 dark:bg-green-950/60 dark:text-green-300',
};

export function PriorityBadge({ priority, className }: { priority: TaskPriority; className?: string }) {
  return (
    <Badge className={cn(priorityTones[priority], className)}>
      <span className="sr-only">Priority: </span>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <Badge className={statusTones[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** "3 days left", "Today", "2 days overdue" (red); a done task just shows its date. */
export function DueText({ dueDate, done }: { dueDate: string | null; done: boolean }) {
  const label = dueLabel(dueDate);
  if (!label || !dueDate) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-xs whitespace-nowrap text-muted-foreground',
        !done && label.tone === 'overdue' && 'font-medium text-destructive-text',
        !done && label.tone === 'today' && 'font-medium text-amber-700 dark:text-amber-400',
      )}
    >
      <CalendarClock className="size-3.5" aria-hidden="true" />
      <span className="sr-only">Due: </span>
      {done ? formatDueDate(dueDate) : label.text}
    </span>
  );
}

/** The assignee's initials in a circle; the full name for tooltips and screen readers. */
export function AssigneeAvatar({ username, className }: { username: string; className?: string }) {
  return (
    <span
      title={`Assigned to ${username}`}
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-[11px] font-semibold text-primary-text',
        className,
      )}
    >
      <span aria-hidden="true">{userInitials(username)}</span>
      <span className="sr-only">Assigned to {username}</span>
    </span>
  );
}

/** At most two tags, then "+N". */
export function TaskTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  const { shown, more } = visibleTags(tags);
  return (
    <ul className="flex min-w-0 flex-wrap items-center gap-1" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="outline" className="max-w-32 truncate font-normal">
            {tag}
          </Badge>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge variant="secondary" title={tags.slice(2).join(', ')}>
            +{more}
            <span className="sr-only"> more tags</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}

/**
 * A task's title as a button that opens the task (its edit dialog), crossed out when it is done. The
 * button is the title's text only, so the row or card around it keeps its own controls.
 */
export function TaskTitleButton({ task, onOpen }: { task: Task; onOpen: (task: Task) => void }) {
  const done = task.status === 'completed';
  return (
    <button
      type="button"
      onClick={() => onOpen(task)}
      className={cn(
        'rounded-sm text-left font-medium break-words underline-offset-2 hover:underline',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        done && 'text-muted-foreground line-through hover:line-through',
      )}
    >
      {task.title}
    </button>
  );
}

/** Ticks a task done (or not); changing tasks is for Staff, so below that it is disabled and says so. */
export function TaskDoneCheckbox({ task, onToggle }: { task: Task; onToggle: (task: Task) => void }) {
  const done = task.status === 'completed';
  return (
    <RoleGate need="staff">
      <Checkbox
        checked={done}
        onCheckedChange={() => onToggle(task)}
        aria-label={done ? `Mark ${task.title} as not done` : `Mark ${task.title} as done`}
        className="mt-0.5"
      />
    </RoleGate>
  );
}
