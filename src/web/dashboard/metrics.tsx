import type { Dashboard } from '@shared/dashboard';
import { formatCount, formatResponseTime, formatUptime } from '@web/lib/format';
import { Activity, CircleCheck, Gauge, Globe } from 'lucide-react';
import { ConfigureHint, MetricCard } from './metric-card';

/** Total Sites, Online, Avg Response and Uptime, from real sites and monitors, never sample figures. */
export function Metrics({ data }: { data: Dashboard }) {
  const { gridpane, betteruptime } = data.integrations;
  const uptimeHint = <ConfigureHint configured={betteruptime} provider="Better Uptime" />;
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <MetricCard
        title="Total Sites"
        icon={Globe}
        href="/websites"
        value={data.totalSites === null ? null : data.totalSites.toLocaleString('en-US')}
        detail="Hosted on GridPane"
        hint={<ConfigureHint configured={gridpane} provider="GridPane" />}
      />
      <MetricCard
        title="Online"
        icon={CircleCheck}
        href="/uptime"
        value={data.online === null ? null : data.online.toLocaleString('en-US')}
        detail={
          <>
            of {formatCount(data.totalMonitors ?? 0, 'monitor')}
            {(data.down ?? 0) > 0 && (
              <span className="font-medium text-red-600 dark:text-red-400"> · {data.down} down</span>
            )}
          </>
        }
        hint={uptimeHint}
      />
      <MetricCard
        title="Avg Response"
        icon={Gauge}
        value={data.avgResponseMs === null ? null : formatResponseTime(data.avgResponseMs)}
        detail="Across all monitors"
        hint={uptimeHint}
      />
      <MetricCard
        title="Uptime"
        icon={Activity}
        value={data.uptime30d === null ? null : formatUptime(data.uptime30d)}
        detail="last 30 days"
        hint={uptimeHint}
      />
    </section>
  );
}
