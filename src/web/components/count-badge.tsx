import { formatBadgeCount } from '@web/lib/badge-count';
import { cn } from '@web/lib/utils';

/** A small red count in a corner of an icon button; renders nothing when the count is 0. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  const text = formatBadgeCount(count);
  if (!text) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'absolute -top-1 -right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground',
        className,
      )}
    >
      {text}
    </span>
  );
}
