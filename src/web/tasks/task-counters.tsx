import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import type { TaskCounts } from '../lib/tasks/filter';

const counters: { key: keyof TaskCounts; label: string; tone: string }[] = [
  { key: 'total', label: 'Total', tone: 'text-foreground' },
  { key: 'todo', label: 'To Do', tone: 'text-slate-600 dark:text-slate-300' },
  { key: 'in-progress', label: 'In Progress', tone: 'text-blue-600 dark:text-blue-400' },
  { key: 'review', label: 'Review', tone: 'text-violet-600 dark:text-violet-400' },
  { key: 'completed', label: 'Completed', tone: 'text-green-600 dark:text-green-400' },
];

/**
 * Total, To Do, In Progress, Review, Completed: counted over every task, not only the filtered ones.
 * Until the counts arrive each figure is a placeholder, never a zero that reads as "no tasks".
 */
export function TaskCounters({ counts }: { counts: TaskCounts | undefined }) {
  return (
    <dl
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5"
      aria-label="Task counts"
      aria-busy={counts ? undefined : true}
    >
      {counters.map(({ key, label, tone }) => (
        <Card
          key={key}
          className={cn('grid gap-1 p-3 sm:p-4', key === 'total' && 'col-span-2 sm:col-span-1')}
        >
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd className={cn('text-xl font-bold tabular-nums sm:text-2xl', tone)} data-testid={`count-${key}`}>
            {counts ? (
              counts[key].toLocaleString('en-US')
            ) : (
              <span className="inline-block h-7 w-10 animate-pulse rounded-md bg-muted align-middle">
                <span className="sr-only">Loading</span>
              </span>
            )}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
