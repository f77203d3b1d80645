import { type ClientReport, REPORT_NO_DATA } from '../../shared/reports';
import { formatDateTime } from '../../shared/time';
import { toCsv } from '../exports/csv';

/** The report's figures, one row a website, with the sources beside them. */
export function reportCsv(report: ClientReport): string {
  const at = (iso: string) => formatDateTime(iso, { timeZone: report.timeZone });
  return toCsv(
    [
      'Client',
      'From',
      'To',
      'Time zone',
      'Domain',
      'Uptime (%)',
      'Uptime source',
      'Average response (ms)',
      'Response source',
      'Incidents',
      'Incident downtime (minutes)',
      'Incident details',
      'Maintenance windows',
      'Maintenance details',
      'WordPress',
      'PHP',
      'Tasks completed (client)',
    ],
    report.websites.map((w) => [
      report.client.name,
      report.from,
      report.to,
      report.timeZone,
      w.domain,
      w.uptime === null ? REPORT_NO_DATA : w.uptime.toFixed(2),
      w.uptimeSourceLabel,
      w.avgResponseMs ?? REPORT_NO_DATA,
      w.avgResponseSourceLabel,
      w.incidents.length,
      Math.round(w.incidents.reduce((s, i) => s + i.durationSeconds, 0) / 60),
      w.incidents
        .map((i) => `${at(i.startedAt)} (${Math.round(i.durationSeconds / 60)} min): ${i.title}`)
        .join('\n'),
      w.maintenance.length,
      w.maintenance
        .map((m) => `${at(m.startsAt)} (${m.durationMinutes} min)${m.reason ? `: ${m.reason}` : ''}`)
        .join('\n'),
      w.wordpressVersion ?? REPORT_NO_DATA,
      w.phpVersion ?? REPORT_NO_DATA,
      report.tasksCompleted.length,
    ]),
  );
}
