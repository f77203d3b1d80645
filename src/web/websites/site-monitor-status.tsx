import type { SiteRow } from '@shared/sites';
import { formatUptime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { monitorStatusStyle } from '@web/uptime/status';

/** A site's monitor in the websites list: a status dot and label with the 30-day uptime, or a dash. */
export function SiteMonitorStatus({ monitor: entry }: { monitor: SiteRow['monitor'] }) {
  if (!entry) {
    return (
      <span className="text-muted-foreground" title="No monitor watches this site">
        —
      </span>
    );
  }
  const style = monitorStatusStyle(entry.status);
  const Icon = style.icon;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-status={entry.status}>
      <Icon className={cn('size-4 shrink-0', style.iconClassName)} aria-hidden="true" />
      <span className="font-medium">{style.label}</span>
      <span
        className="text-muted-foreground tabular-nums"
        title={entry.uptime === null ? 'Not measured yet' : 'Uptime over 30 days'}
      >
        {formatUptime(entry.uptime)}
      </span>
    </span>
  );
}
