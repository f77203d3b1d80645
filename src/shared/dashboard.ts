import { z } from 'zod';

/** Spec §4 site statuses; null when no monitor watches the site (we do not guess). */
export const siteCardStatus = z.enum(['online', 'offline', 'warning', 'maintenance']);

/** A Website Status card (spec §3 "Site card"), from real sites and monitors. */
export const siteCard = z.object({
  siteName: z.string(),
  domain: z.string(),
  url: z.string(),
  status: siteCardStatus.nullable(),
  /** 30-day uptime with 2 decimals, e.g. "99.95%"; null when not measured. */
  uptime: z.string().nullable(),
  lastCheck: z.string().nullable(),
  provider: z.enum(['gridpane', 'kinsta']),
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

/** An Uptime Monitoring widget (spec §3 "Uptime widget") from the stored daily history. */
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
