import type { Monitor } from '@shared/monitors';

/** The monitor's readable name, falling back to its URL. */
export function monitorName(monitor: Monitor): string {
  return monitor.attributes.pronounceable_name.trim() || monitor.attributes.url;
}

/** Uptime as the product measures it: our cached 30-day figure, else the provider attribute. */
export function monitorUptime(monitor: Monitor): number | null {
  return monitor.cachedUptime ?? monitor.attributes.uptime;
}
