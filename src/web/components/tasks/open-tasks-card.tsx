import type { Task } from '@shared/tasks';
import { SectionQuery } from '@web/components/section-query';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { type ReactNode, useState } from 'react';
import { type TasksAbout, useOpenTasks } from '../../lib/tasks/api';
import { formatDueDate } from '../../lib/tasks/due';
import { STATUS_LABELS } from '../../lib/tasks/filter';
import { TaskTitleButton } from './task-badges';
import { TaskFormDialog } from './task-form-dialog';

/**
 * The open tasks of a client or a website, on its page: the first few, then how many more. A task's
 * title opens it in the same dialog as on the Tasks page; a long title wraps rather than being cut.
 */
export function OpenTasksCard({
  about,
  empty,
  action,
}: {
  about: TasksAbout;
  /** "No open tasks for this client." */
  empty: string;
  /** Beside the title: "All tasks", "New task". */
  action?: ReactNode;
}) {
  const tasks = useOpenTasks(about);
  const [opened, setOpened] = useState<{ open: boolean; task?: Task }>({ open: false });
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-3">
        <CardTitle className="text-base">Open tasks</CardTitle>
        {action}
      </CardHeader>
      <CardContent>
        <SectionQuery query={tasks} loading="Loading tasks..." failed="Could not load the tasks">
          {({ rows, open }) =>
            open === 0 ? (
              <p className="text-sm text-muted-foreground">{empty}</p>
            ) : (
              <ul className="grid gap-2 text-sm" aria-label="Open tasks">
                {rows.map((t) => (
                  <li
                    key={t.id}
                    className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5"
                  >
                    <span className="min-w-0 break-words">
                      <TaskTitleButton task={t} onOpen={(task) => setOpened({ open: true, task })} />
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {STATUS_LABELS[t.status]}
                      {t.dueDate && ` · due ${formatDueDate(t.dueDate)}`}
                    </span>
                  </li>
                ))}
                {open > rows.length && (
                  <li className="text-xs text-muted-foreground">and {open - rows.length} more</li>
                )}
              </ul>
            )
          }
        </SectionQuery>
      </CardContent>
      <TaskFormDialog
        open={opened.open}
        onOpenChange={(open) => setOpened((current) => ({ ...current, open }))}
        task={opened.task}
      />
    </Card>
  );
}
