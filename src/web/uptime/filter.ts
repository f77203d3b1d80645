import type { Monitor } from '@shared/monitors';

/** Monitors whose name or URL contains the term (any case). */
export function filterMonitors(monitors: readonly Monitor[], search: string): Monitor[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...monitors];
  return monitors.filter(
    (m) =>
      m.attributes.pronounceable_name.toLowerCase().includes(term) ||
      m.attributes.url.toLowerCase().includes(term),
  );
}

/** The monitor's readable name, falling back to its URL. */
export function monitorName(monitor: Monitor): string {
  return monitor.attributes.pronounceable_name.trim() || monitor.attributes.url;
}

/** Uptime as the product measures it: our cached 30-day figure, else the provider attribute. */
export function monitorUptime(monitor: Monitor): number | null {
  return monitor.cachedUptime ?? monitor.attributes.uptime;
}
