import type { IncidentRow } from '../db/schema';

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

export function describeOpened(incident: IncidentRow, sites: string[] = []): AlertMessage {
  const lines =
    incident.source === 'server'
      ? [`${sites.length} sites on this server stopped answering:`, ...listed(sites)]
      : [incident.cause ? `Cause: ${incident.cause}` : 'It stopped answering.'];
  return {
    event: 'opened',
    key: `incident:${incident.id}`,
    title: incident.title,
    body: [...lines, `Down since ${incident.startedAt.toISOString()}.`].join('\n'),
    link: `/incidents?focus=${incident.id}`,
    action: `${incident.source}.down`,
  };
}

export function describeResolved(incident: IncidentRow, sites: string[] = []): AlertMessage {
  const ended = incident.endedAt ?? new Date();
  const lasted = formatDuration(ended.getTime() - incident.startedAt.getTime());
  const label =
    incident.source === 'server' ? incident.title.replace(/: \d+ sites down$/, '') : name(incident);
  return {
    event: 'resolved',
    key: `incident:${incident.id}`,
    title:
      incident.source === 'server'
        ? `${label}: all ${sites.length} sites are back up`
        : `${label} is back up`,
    body: `Down for ${lasted}, from ${incident.startedAt.toISOString()} to ${ended.toISOString()}.`,
    link: `/incidents?focus=${incident.id}`,
    action: `${incident.source}.up`,
  };
}

const listed = (sites: string[]) => [
  ...sites.slice(0, 20).map((s) => `- ${s}`),
  ...(sites.length > 20 ? [`… and ${sites.length - 20} more`] : []),
];

/** "45 s", "12 min", "2 h 5 min", "3 d 4 h". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}
