import type { Monitor } from '@shared/monitors';
import { formatDateTime, formatResponseTime, formatUptime } from '@web/lib/format';
import { monitorUptime } from '@web/lib/monitor';

const NOT_MEASURED = 'Not measured yet';

function measuredTitle(monitor: Monitor): string | undefined {
  return monitor.figuresAt ? `Measured ${formatDateTime(monitor.figuresAt)}` : undefined;
}

/** 30-day uptime with 2 decimals, or a dash that says why. */
export function UptimeValue({ monitor }: { monitor: Monitor }) {
  const uptime = monitorUptime(monitor);
  return (
    <span className="tabular-nums" title={uptime === null ? NOT_MEASURED : measuredTitle(monitor)}>
      {formatUptime(uptime)}
    </span>
  );
}

/** Mean response time over the last day, in ms, or a dash that says why. */
export function ResponseValue({ monitor }: { monitor: Monitor }) {
  const ms = monitor.cachedAvgResponse;
  return (
    <span className="tabular-nums" title={ms === null ? NOT_MEASURED : measuredTitle(monitor)}>
      {formatResponseTime(ms)}
    </span>
  );
}
