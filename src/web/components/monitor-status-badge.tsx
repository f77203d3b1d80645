import { Badge } from '@web/components/ui/badge';
import { monitorStatusStyle } from '@web/lib/monitor-status';
import { cn } from '@web/lib/utils';

/** A monitor status as a coloured badge with its icon and label (never colour alone). */
export function MonitorStatusBadge({
  status,
  className,
}: {
  status: string | null | undefined;
  className?: string;
}) {
  const style = monitorStatusStyle(status);
  const Icon = style.icon;
  return (
    <Badge variant="outline" data-status={status ?? 'unknown'} className={cn(style.className, className)}>
      <Icon aria-hidden="true" />
      {style.label}
    </Badge>
  );
}

/** The status icon alone, for the head of a card; the badge beside it carries the text. */
export function MonitorStatusIcon({ status }: { status: string | null | undefined }) {
  const style = monitorStatusStyle(status);
  const Icon = style.icon;
  return <Icon className={cn('size-5 shrink-0', style.iconClassName)} aria-hidden="true" />;
}
