import { z } from 'zod';

/**
 * A website's health, one rule for every page: what our check says when the site has one, else its
 * Better Uptime monitor (the lowest id when several watch its domain), else "unmonitored"; a
 * maintenance window covering it reads "maintenance" whatever the source says. `since` is when this
 * state began, when known.
 */
export const HEALTH_STATES = ['up', 'down', 'paused', 'maintenance', 'unknown', 'unmonitored'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];
export const HEALTH_SOURCES = ['check', 'betteruptime'] as const;
export type HealthSource = (typeof HEALTH_SOURCES)[number];
export const health = z.object({
  state: z.enum(HEALTH_STATES),
  source: z.enum(HEALTH_SOURCES).nullable(),
  since: z.string().nullable(),
});
export type Health = z.infer<typeof health>;

/**
 * Worst first, the order of a sort by health: down, unknown (a check or monitor that has not answered
 * yet), unmonitored (nobody watches it), paused, maintenance, up.
 */
export const HEALTH_SEVERITY: readonly HealthState[] = [
  'down',
  'unknown',
  'unmonitored',
  'paused',
  'maintenance',
  'up',
];

/** What people read for a state and for a source, everywhere a health is shown (lists, pages, CSV). */
export const HEALTH_LABELS: Record<HealthState, string> = {
  up: 'Up',
  down: 'Down',
  paused: 'Paused',
  maintenance: 'Maintenance',
  unknown: 'Unknown',
  unmonitored: 'Not monitored',
};
export const HEALTH_SOURCE_LABELS: Record<HealthSource, string> = {
  check: 'Our check',
  betteruptime: 'Better Uptime',
};

/** How a website is watched: our own check, a Better Uptime monitor, or nothing. */
export const websiteMonitoring = z.object({
  source: z.enum(['check', 'monitor']),
  id: z.string(),
  name: z.string(),
  status: z.string(),
  /** Percent over the last 30 days, two decimals; null when there is no data yet. */
  uptime: z.number().nullable(),
  /** Where the measured time of those 30 days begins (later when the check or monitor is newer); null: none. */
  measuredFrom: z.string().nullable(),
  responseMs: z.number().nullable(),
});
export type WebsiteMonitoring = z.infer<typeof websiteMonitoring>;
