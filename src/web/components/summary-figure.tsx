import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';

/**
 * One figure of a page's summary: a label, a count (a dash when not known, never a zero) and what it
 * counts; `selected` when it stands for the filter in force.
 */
export function SummaryFigure({
  label,
  value,
  note,
  tone,
  selected,
  unknown = 'not known',
}: {
  label: string;
  /** Null: not known, shown as a dash, never as zero. */
  value: number | null;
  note: string;
  tone?: string;
  selected?: boolean;
  /** What a screen reader hears for the dash. */
  unknown?: string;
}) {
  return (
    <Card className={cn('grid h-full gap-1 p-3 sm:p-4', selected && 'ring-2 ring-primary')}>
      <span className="text-sm font-medium text-muted-foreground">{label}</span>
      <span className={cn('text-xl font-bold tabular-nums sm:text-2xl', tone)}>
        {value === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">{unknown}</span>
          </>
        ) : (
          value.toLocaleString('en-US')
        )}
      </span>
      <span className="text-xs text-muted-foreground">{note}</span>
    </Card>
  );
}
