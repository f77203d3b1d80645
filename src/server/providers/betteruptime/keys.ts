import { defineJob } from '../../core/jobs/registry';
import type { Monitor } from './types';

/** Better Uptime's name wherever our tables keep a provider. */
export const BETTERUPTIME = 'betteruptime' as const;

/** Better Uptime's monitors, and the 30-day figures we add to each, as kept in the provider cache. */
export const monitorsKey = { provider: BETTERUPTIME, kind: 'monitors' } as const;
export const figuresKey = { provider: BETTERUPTIME, kind: 'figures' } as const;
/**
 * A monitor's SLA for a report's period that has ended, asked once so a report made twice states the
 * same figure: keyed "<monitor id>/<from>/<to>".
 */
export const slaKey = { provider: BETTERUPTIME, kind: 'report-sla' } as const;

/**
 * One monitor's recent figures (24 hours, 7 and 30 days, the last day's response times), asked when a
 * website's page shows it and reused for a few minutes.
 */
export const recentKey = { provider: BETTERUPTIME, kind: 'recent' } as const;

/** What we add to a monitor: 30-day availability and mean response time (ms), with when we got them. */
export type MonitorFigures = { uptime: number | null; avgResponseMs: number | null; at: string };

export type MonitorsSyncResult = {
  count: number;
  partial: boolean;
  /** Monitors whose status changed since the previous sync (for activity and notifications). */
  changes: { monitor: Monitor; from: Monitor['attributes']['status'] }[];
};

/** The monitor list refresh; with `figures`, the 30-day figures follow as a job of their own. */
export const BETTERUPTIME_SYNC_JOB = defineJob<{ figures?: boolean }, MonitorsSyncResult>(
  'sync-betteruptime',
);

/** Each monitor's 30-day figures (two calls a monitor): nobody waits for it. */
export const FIGURES_JOB = defineJob<object, { updated: number; failed: number }>('betteruptime-figures');
