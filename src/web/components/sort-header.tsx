import { cn } from '@web/lib/utils';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

/** A table's sort as the address holds it ("domain", "-health" …) and how to change it. */
export type SortState = { sort: string; onSort: (sort: string) => void };

/**
 * The column a table sorts by, as the address holds it: the field, or "-field" for descending. The
 * next sort of a click on `field`: ascending first, then descending, then ascending again.
 */
export function nextSort(sort: string, field: string): string {
  return sort === field ? `-${field}` : field;
}

/**
 * A column header that sorts a table on the server: a button (keyboard: Tab, Enter or Space) with an
 * arrow for the direction, and `aria-sort` on the sorted column.
 */
export function SortHeader({
  label,
  field,
  sort,
  onSort,
  className,
  title,
}: {
  label: string;
  field: string;
  /** The table's sort now ("domain", "-health" …). */
  sort: string;
  onSort: (sort: string) => void;
  className?: string;
  /** What a sort by this column means, when it is not obvious ("Worst first"). */
  title?: string;
}) {
  const active = sort.replace(/^-/, '') === field;
  const desc = sort.startsWith('-');
  const Icon = !active ? ArrowUpDown : desc ? ArrowDown : ArrowUp;
  return (
    <th
      scope="col"
      aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined}
      className={className}
    >
      <button
        type="button"
        onClick={() => onSort(nextSort(sort, field))}
        title={title}
        className={cn(
          '-mx-1 inline-flex items-center gap-0.5 rounded-sm px-1 py-0.5 font-medium hover:text-foreground',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          active && 'text-foreground',
        )}
      >
        {label}
        <Icon className={cn('size-3 shrink-0', !active && 'opacity-50')} aria-hidden="true" />
      </button>
    </th>
  );
}
