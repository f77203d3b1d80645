import { SectionQuery } from '@web/components/section-query';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { ReactNode } from 'react';
import { type TasksAbout, useOpenTasks } from './api';
import { STATUS_LABELS } from './filter';

/** The open tasks of a client or a website, on its page: the first few, then how many more. */
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
                  <li key={t.id} className="flex min-w-0 items-center justify-between gap-3">
                    <span className="min-w-0 truncate">{t.title}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {STATUS_LABELS[t.status]}
                      {t.dueDate && ` · due ${t.dueDate}`}
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
    </Card>
  );
}
