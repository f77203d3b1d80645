import { TASK_STATUSES, type Task, type TaskStatus } from '@shared/tasks';
import { needsRole, useCan } from '@web/components/role-gate';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { ArrowRight, Copy, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { STATUS_LABELS } from '../lib/tasks/filter';

export interface TaskHandlers {
  onEdit: (task: Task) => void;
  onDuplicate: (task: Task) => void;
  onDelete: (task: Task) => void;
  onMove: (task: Task, status: TaskStatus) => void;
  onToggle: (task: Task) => void;
}

/**
 * Edit, Duplicate, Move to (the keyboard's way across the board: no drag and drop needed), Delete. Below
 * Staff, Edit still opens the task to read, and the changing items are disabled under the role they need.
 */
export function TaskActionsMenu({ task, handlers }: { task: Task; handlers: TaskHandlers }) {
  const can = useCan('staff');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Actions for ${task.title}`}
          className="-mt-1 -mr-1 shrink-0"
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuItem onSelect={() => handlers.onEdit(task)}>
          <Pencil aria-hidden="true" />
          {can ? 'Edit' : 'Open'}
        </DropdownMenuItem>
        {!can && (
          <DropdownMenuLabel className="text-xs font-normal text-muted-foreground" data-needs-role="staff">
            {needsRole('staff')} to change tasks
          </DropdownMenuLabel>
        )}
        <DropdownMenuItem disabled={!can} onSelect={() => handlers.onDuplicate(task)}>
          <Copy aria-hidden="true" />
          Duplicate
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Move to</DropdownMenuLabel>
        {TASK_STATUSES.filter((s) => s !== task.status).map((status) => (
          <DropdownMenuItem
            key={status}
            disabled={!can}
            onSelect={() => handlers.onMove(task, status)}
            aria-label={`Move to ${STATUS_LABELS[status]}`}
          >
            <ArrowRight aria-hidden="true" />
            {STATUS_LABELS[status]}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={!can} onSelect={() => handlers.onDelete(task)}>
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
