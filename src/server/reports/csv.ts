import {
  type ClientReport,
  findingVersions,
  fixedHow,
  REPORT_NO_DATA,
  REPORT_NOT_CHECKED,
  reportBackup,
  updateLine,
} from '../../shared/reports';
import { SEVERITY_LABELS } from '../../shared/security';
import { formatDate, formatDateTime } from '../../shared/time';
import { toCsv } from '../exports';

/**
 * The report's figures, one row a website, with the sources beside them. Security counts read "no data"
 * for a period nobody recorded and "Not checked" for a site whose software is not known, never 0.
 */
export function reportCsv(report: ClientReport): string {
  const at = (iso: string) => formatDateTime(iso, { timeZone: report.timeZone });
  const day = (iso: string) => formatDate(iso, { timeZone: report.timeZone });
  const unknown = (s: ClientReport['websites'][number]['security']) =>
    s.status === 'not-measured' ? REPORT_NO_DATA : s.status === 'not-checked' ? REPORT_NOT_CHECKED : null;
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
      'Last backup by end',
      'Backups taken by Agency Hub',
      'Updates',
      'Update details',
      'Security recorded since',
      'Vulnerabilities open at end',
      'Open vulnerability details',
      'Vulnerabilities fixed',
      'Fixed vulnerability details',
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
      reportBackup(w, at).value,
      w.backupsTaken,
      w.updates.length,
      w.updates.map((u) => `${at(u.at)}: ${updateLine(u)}`).join('\n'),
      w.security.measuredFrom ? day(w.security.measuredFrom) : REPORT_NO_DATA,
      unknown(w.security) ?? w.security.open.length,
      w.security.open
        .map((f) => `${SEVERITY_LABELS[f.severity]}: ${f.title} (${findingVersions(f)})`)
        .join('\n'),
      unknown(w.security) ?? w.security.fixed.length,
      w.security.fixed
        .map((f) => `${day(f.fixedAt)}, ${SEVERITY_LABELS[f.severity]}: ${f.title} (${fixedHow(f)})`)
        .join('\n'),
      report.tasksCompleted.length,
    ]),
  );
}
