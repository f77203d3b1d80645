import { z } from 'zod';
import { type HealthState, health } from './website-health';
import { WEBSITE_HOSTS } from './websites';

/**
 * A site's status on the dashboard (Online, Offline, Warning, Maintenance); null when no monitor
 * watches the site (we do not guess).
 */
export const siteCardStatus = z.enum(['online', 'offline', 'warning', 'maintenance']);
export type SiteCardStatus = z.infer<typeof siteCardStatus>;

/** A card's status is the website's health as the dashboard words it. */
export function cardStatusOf(state: HealthState): SiteCardStatus | null {
  if (state === 'up') return 'online';
  if (state === 'down') return 'offline';
  if (state === 'maintenance' || state === 'paused') return 'maintenance';
  if (state === 'unknown') return 'warning';
  return null;
}

/** The hosts a site card names (every host whose sites become websites). */
export const SITE_CARD_PROVIDERS = WEBSITE_HOSTS;

/** One website of the dashboard's Website Status card: its health and the figures of what watches it. */
export const siteCard = z.object({
  siteName: z.string(),
  domain: z.string(),
  url: z.string(),
  status: siteCardStatus.nullable(),
  health,
  /** 30-day uptime with 2 decimals, e.g. "99.95%"; null when not measured. */
  uptime: z.string().nullable(),
  /** Where the measured time of that uptime begins when later than 30 days ago (a newer check); else null. */
  uptimeSince: z.string().nullable(),
  lastCheck: z.string().nullable(),
  provider: z.enum(SITE_CARD_PROVIDERS),
  responseTime: z.number().nullable(),
  siteId: z.number(),
  websiteId: z.number().nullable(),
});
export type SiteCard = z.infer<typeof siteCard>;

export const historyDay = z.object({
  day: z.string(),
  status: z.enum(['up', 'down', 'degraded']).nullable(),
  uptime: z.number().nullable(),
});

/** An Uptime Monitoring widget of the dashboard (30 daily points), from the stored daily history. */
export const uptimeWidget = z.object({
  monitorId: z.string(),
  siteName: z.string(),
  url: z.string(),
  currentStatus: z.string(),
  overallUptime: z.number().nullable(),
  responseTime: z.number().nullable(),
  days: z.array(historyDay),
});
export type UptimeWidget = z.infer<typeof uptimeWidget>;

export const dashboardResponse = z.object({
  integrations: z.object({ gridpane: z.boolean(), betteruptime: z.boolean() }),
  /** null when GridPane is not configured or has never synced. */
  totalSites: z.number().nullable(),
  totalMonitors: z.number().nullable(),
  online: z.number().nullable(),
  down: z.number().nullable(),
  avgResponseMs: z.number().nullable(),
  uptime30d: z.number().nullable(),
  websiteStatus: z.array(siteCard),
  history: z.array(uptimeWidget),
});
export type Dashboard = z.infer<typeof dashboardResponse>;
