import type { SiteCard, UptimeWidget } from '@shared/dashboard';
import { HEALTH_LABELS } from '@shared/website-health';
import type { Tone } from '@web/components/status-pill';
import { formatCalendarDay } from '@web/lib/format';

/** A site's status: Online, Offline, Warning, Maintenance, or "Not monitored" when no monitor watches it. */
export function siteStatus(status: SiteCard['status']): { label: string; tone: Tone } {
  switch (status) {
    case 'online':
      return { label: 'Online', tone: 'green' };
    case 'offline':
      return { label: 'Offline', tone: 'red' };
    case 'warning':
      return { label: 'Warning', tone: 'amber' };
    case 'maintenance':
      return { label: 'Maintenance', tone: 'blue' };
    default:
      return { label: HEALTH_LABELS.unmonitored, tone: 'grey' };
  }
}

/** A monitor's current status as the provider reports it (up, down, paused, maintenance …). */
export function monitorStatus(status: string): { label: string; tone: Tone } {
  if (status === 'up') return { label: 'Online', tone: 'green' };
  if (status === 'down') return { label: 'Offline', tone: 'red' };
  if (status === 'maintenance') return { label: 'Maintenance', tone: 'amber' };
  if (status === 'paused') return { label: 'Paused', tone: 'grey' };
  return { label: 'Unknown', tone: 'grey' };
}

/** Manage opens our internal website record when there is one, else the provider's site page. */
export function manageLink(card: Pick<SiteCard, 'websiteId' | 'siteId'>): string {
  return card.websiteId !== null ? `/websites/internal/${card.websiteId}` : `/websites/${card.siteId}`;
}

type Day = UptimeWidget['days'][number];

const dayStatusLabels: Record<NonNullable<Day['status']>, string> = {
  up: 'Online',
  down: 'Offline',
  degraded: 'Degraded',
};

/** The bar colour of one day: up green, degraded amber, down red, no data grey. */
export const dayBarClasses: Record<NonNullable<Day['status']> | 'none', string> = {
  up: 'bg-green-500',
  degraded: 'bg-amber-500',
  down: 'bg-red-500',
  none: 'bg-muted-foreground/25',
};

/** "Mon 3 Nov" for a 'YYYY-MM-DD' day, read as a calendar date (no time-zone shift). */
export const formatDay = (day: string): string => formatCalendarDay(day, { weekday: true });

/** A day's tooltip and accessible label: "Mon 3 Nov: 99.95% (Online)", or "…: No data". */
export function dayLabel({ day, status, uptime }: Day): string {
  if (status === null) return `${formatDay(day)}: No data`;
  const figure = uptime === null ? '' : `${uptime.toFixed(2)}% `;
  return `${formatDay(day)}: ${figure}(${dayStatusLabels[status]})`;
}
