import { formatDateTime, formatDuration, formatSpan, type TimeOptions, zoneNote } from '../../shared/time';
import type { IncidentRow } from '../db/schema';
import { endNote, type IncidentEndReason } from './ends';

/** What an alert says, in every channel: a short title and a few lines of plain text. */
export type AlertMessage = {
  event: 'opened' | 'resolved';
  /** Once per channel for this: the incident and the event. */
  key: string;
  title: string;
  body: string;
  link: string;
  action: string;
};

/** What people call it: the check's or monitor's name ("shop.example.com is down" → shop.example.com). */
const name = (incident: IncidentRow) => incident.title.replace(/ is down$/, '');

export function describeOpened(
  incident: IncidentRow,
  sites: string[] = [],
  time: TimeOptions = {},
): AlertMessage {
  const lines =
    incident.source === 'server'
      ? [`${sites.length} sites on this server stopped answering:`, ...listed(sites)]
      : [incident.cause ? `Cause: ${incident.cause}` : 'It stopped answering.'];
  return {
    event: 'opened',
    key: `incident:${incident.id}`,
    title: incident.title,
    body: [...lines, `Down since ${formatDateTime(incident.startedAt, time)}${zoneNote(time)}.`].join('\n'),
    link: `/incidents?focus=${incident.id}`,
    action: `${incident.source}.down`,
  };
}

/** One site of a server's incident and how it ended (null: not yet). */
export type SiteEnd = { domain: string; source: string; reason: IncidentEndReason | null };

/**
 * "… is back up"; a server's says how many of its sites are, and names the others with why they no
 * longer count (paused, deleted, removed, in maintenance).
 */
export function describeResolved(
  incident: IncidentRow,
  sites: SiteEnd[] = [],
  time: TimeOptions = {},
): AlertMessage {
  // A resolved incident has ended; one that has not yet would read as lasting no time.
  const ended = incident.endedAt ?? incident.startedAt;
  const lasted = formatDuration(ended.getTime() - incident.startedAt.getTime());
  const back = sites.filter((s) => s.reason === 'up');
  const others = sites.filter((s) => s.reason !== 'up');
  const label =
    incident.source === 'server' ? incident.title.replace(/: \d+ sites down$/, '') : name(incident);
  const title =
    incident.source !== 'server'
      ? `${label} is back up`
      : others.length === 0
        ? `${label}: all ${sites.length} sites are back up`
        : `${label}: ${back.length} of ${sites.length} sites back up`;
  const lines = [`Down for ${lasted}, ${formatSpan(incident.startedAt, ended, time)}${zoneNote(time)}.`];
  if (others.length) {
    lines.push('Back up:', ...listed(back.map((s) => s.domain)));
    lines.push(
      'No longer counted:',
      ...listed(others.map((s) => (s.reason ? `${s.domain} (${endNote(s.source, s.reason)})` : s.domain))),
    );
  }
  return {
    event: 'resolved',
    key: `incident:${incident.id}`,
    title,
    body: lines.join('\n'),
    link: `/incidents?focus=${incident.id}`,
    action: `${incident.source}.up`,
  };
}

const listed = (sites: string[]) => [
  ...sites.slice(0, 20).map((s) => `- ${s}`),
  ...(sites.length > 20 ? [`… and ${sites.length - 20} more`] : []),
];
