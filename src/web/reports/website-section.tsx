import {
  formatResponse,
  formatUptime,
  formatVersions,
  type ReportWebsite,
  reportBackup,
  summaryUptime,
  updateLine,
} from '@shared/reports';
import { formatDateTime, formatDuration } from '@shared/time';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import type { ReactNode } from 'react';
import { DailyBars } from './daily-bars';
import { SecuritySection } from './security-section';

/**
 * One website of the report: its daily uptime bars, its figures, each with where it comes from, then
 * incidents and maintenance, then its security findings.
 */
export function WebsiteSection({ site, timeZone }: { site: ReportWebsite; timeZone: string }) {
  const at = (iso: string) => formatDateTime(iso, { timeZone: timeZone });
  const since = summaryUptime(site, timeZone).since;
  const backup = reportBackup(site, at);
  return (
    <Card
      className="grid gap-4 p-5 break-inside-avoid print:shadow-none"
      role="article"
      aria-label={site.domain}
    >
      <h3 className="text-lg font-semibold break-all">{site.domain}</h3>
      <section className="grid gap-2" aria-label="Daily uptime">
        <h4 className="text-sm font-medium">Daily uptime</h4>
        <DailyBars site={site} />
      </section>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure
          label="Uptime"
          value={formatUptime(site.uptime)}
          note={since}
          missing={site.uptime === null}
          source={site.uptimeSourceLabel}
        />
        <Figure
          label="Average response"
          value={formatResponse(site.avgResponseMs)}
          missing={site.avgResponseMs === null}
          source={site.avgResponseSourceLabel}
        />
        <Figure
          label="Versions at the period's end"
          value={formatVersions(site)}
          missing={!site.wordpressVersion && !site.phpVersion}
          source={
            site.versionsSeenAt
              ? `HD Snapshot, seen ${at(site.versionsSeenAt)}`
              : 'HD Snapshot: never seen by then'
          }
        />
        <Figure
          label="Last backup by the period's end"
          value={backup.value}
          missing={backup.missing}
          source={backup.source}
        />
        <Figure
          label="Backups taken by Agency Hub"
          value={String(site.backupsTaken)}
          missing={false}
          source="Asked for in Agency Hub (by a person, or before an update or a restore) and listed by the host"
        />
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <Events
          title={`Incidents (${site.incidents.length})`}
          empty="No incidents in the period."
          items={site.incidents.map((i) => ({
            key: `i${i.id}`,
            when: at(i.startedAt),
            what: (
              <>
                {formatDuration(i.durationSeconds * 1000)}
                {i.endedAt ? '' : ' (still open)'}: {i.title}
                {i.cause ? <span className="text-muted-foreground"> ({i.cause})</span> : null}
              </>
            ),
          }))}
        />
        <Events
          title={`Maintenance windows (${site.maintenance.length})`}
          empty="No maintenance windows in the period."
          items={site.maintenance.map((m) => ({
            key: `m${m.id}-${m.startsAt}`,
            when: at(m.startsAt),
            what: (
              <>
                {formatDuration(m.durationMinutes * 60_000)}
                {m.reason ? `: ${m.reason}` : ''}
              </>
            ),
          }))}
        />
        <Events
          title={`Updates (${site.updates.length})`}
          empty="No updates by Agency Hub in the period."
          items={site.updates.map((u, i) => ({
            key: `u${i}-${u.at}`,
            when: at(u.at),
            what: updateLine(u),
          }))}
        />
      </div>
      <SecuritySection security={site.security} timeZone={timeZone} />
    </Card>
  );
}

function Figure({
  label,
  value,
  note,
  missing,
  source,
}: {
  label: string;
  value: string;
  /** What the figure covers, when not the whole period ("since …"). */
  note?: string | null;
  missing: boolean;
  source: string;
}) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('text-xl font-semibold tabular-nums', missing && 'text-muted-foreground')}>
        {value}
        {note && <span className="block text-xs font-normal text-muted-foreground">{note}</span>}
      </dd>
      <dd className="text-xs break-words text-muted-foreground">Source: {source}</dd>
    </div>
  );
}

function Events({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: { key: string; when: string; what: ReactNode }[];
}) {
  return (
    <section className="grid content-start gap-2">
      <h4 className="text-sm font-medium">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-1.5 text-sm">
          {items.map((item) => (
            <li key={item.key} className="break-words">
              <span className="font-medium tabular-nums">{item.when}</span> · {item.what}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
