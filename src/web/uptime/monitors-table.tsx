import type { Monitor } from '@shared/monitors';
import { ExternalLinkButton, httpsUrl } from '@web/components/external-link-button';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatDateTime, formatFrequency, formatLastChecked } from '@web/lib/format';
import { Globe } from 'lucide-react';
import { Link } from 'wouter';
import { monitorName } from './filter';
import { ResponseValue, UptimeValue } from './monitor-figures';
import { MonitorStatusBadge } from './monitor-status-badge';

const th = 'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground';
const td = 'px-3 py-2.5 align-middle';

/** List view (the default): one row per monitor, columns as spec §2 lists them. */
export function MonitorsTable({ monitors }: { monitors: readonly Monitor[] }) {
  const now = Date.now();
  return (
    <Card className="overflow-hidden">
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/40">
            <tr>
              <th className={th}>Status</th>
              <th className={th}>Monitor</th>
              <th className={th}>Uptime</th>
              <th className={th}>Response</th>
              <th className={th}>Frequency</th>
              <th className={th}>Last Checked</th>
              <th className={`${th} text-right`}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {monitors.map((monitor) => (
              <MonitorRow key={monitor.id} monitor={monitor} now={now} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function MonitorRow({ monitor, now }: { monitor: Monitor; now: number }) {
  const { url, status, check_frequency, last_checked_at } = monitor.attributes;
  const name = monitorName(monitor);
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30">
      <td className={td}>
        <MonitorStatusBadge status={status} />
      </td>
      <td className={td}>
        <div className="min-w-48">
          <p className="font-medium break-all">{name}</p>
          {name !== url && <p className="text-xs break-all text-muted-foreground">{url}</p>}
        </div>
      </td>
      <td className={`${td} whitespace-nowrap`}>
        <UptimeValue monitor={monitor} />
      </td>
      <td className={`${td} whitespace-nowrap`}>
        <ResponseValue monitor={monitor} />
      </td>
      <td className={`${td} whitespace-nowrap`}>{formatFrequency(check_frequency)}</td>
      <td className={`${td} whitespace-nowrap`}>
        {last_checked_at ? (
          <time dateTime={last_checked_at} title={formatDateTime(last_checked_at)}>
            {formatLastChecked(last_checked_at, now)}
          </time>
        ) : (
          <span className="text-muted-foreground">Never</span>
        )}
      </td>
      <td className={td}>
        <div className="flex justify-end gap-2">
          {monitor.websiteId !== null && (
            <Button variant="ghost" size="icon-sm" asChild>
              <Link
                href={`/websites/internal/${monitor.websiteId}`}
                aria-label={`Website of ${name}`}
                title="Website details"
              >
                <Globe aria-hidden="true" />
              </Link>
            </Button>
          )}
          <ExternalLinkButton href={httpsUrl(url)} label={`Visit ${url}`}>
            Visit
          </ExternalLinkButton>
        </div>
      </td>
    </tr>
  );
}
