import { normaliseDomain } from '../../shared/domains';
import type { MonitorStatus } from '../../shared/monitors';
import { withTransaction } from '../core/context';
import {
  closeIncident,
  type IncidentEndReason,
  monitorsWithOpenIncident,
  openIncident,
  openMonitorIncidentsOf,
  placeOpenMonitorIncidents,
} from '../incidents';
import { websitesInMaintenance } from '../maintenance';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';
import { websitesByDomain } from '../websites';

/** What Better Uptime's statuses do to a monitor's open incident; pending and validating: nothing yet. */
const ENDS: Partial<Record<MonitorStatus, IncidentEndReason>> = {
  up: 'up',
  paused: 'paused',
  maintenance: 'maintenance',
};

/**
 * Brings the monitors' incidents in line with a fresh list from Better Uptime, whatever earlier syncs
 * saw, so a first sync, a missed one or two instances at once all end the same:
 * - down, with no open incident and its website in no maintenance window: one opens (those of one sync
 *   together, so sites of one server found down together are announced as the server's);
 * - down with an open incident that names no website (opened before the host's sites were read): it
 *   gets the website of its domain now;
 * - up ends it, said "back up"; paused, in maintenance (Better Uptime's, or a window over its website)
 *   or absent from a complete list (removed at Better Uptime) end it quietly.
 * `complete`: the list holds every monitor (no page or monitor missing), so absence means removal.
 */
export async function syncMonitorIncidents(
  services: Services,
  monitors: Monitor[],
  complete: boolean,
  at: Date,
): Promise<void> {
  const { db } = services;
  const open = await monitorsWithOpenIncident({ db });
  const down = monitors.filter((m) => m.attributes.status === 'down');
  const sites = await websitesByDomain(
    { db },
    down.map((m) => normaliseDomain(m.attributes.url)),
  );
  const siteOf = (m: Monitor) => sites.get(normaliseDomain(m.attributes.url));
  const covered = await websitesInMaintenance(
    { db },
    [...sites.values()].map((s) => s.id),
    at,
  );
  const inMaintenance = (m: Monitor) => {
    const site = siteOf(m);
    return site !== undefined && covered.has(site.id);
  };

  const ends = new Map<string, IncidentEndReason>();
  for (const m of monitors) {
    const status = m.attributes.status;
    const reason = status === 'down' ? (inMaintenance(m) ? 'maintenance' : undefined) : ENDS[status];
    if (reason && open.has(m.id)) ends.set(m.id, reason);
  }
  if (complete) {
    const listed = new Set(monitors.map((m) => m.id));
    for (const id of open) if (!listed.has(id)) ends.set(id, 'removed');
  }
  // One transaction per end: each holds its server's incident only as long as its own roll-up.
  for (const [monitorId, reason] of [...ends].sort(([a], [b]) => a.localeCompare(b))) {
    await withTransaction(services, (tx) => closeIncident(tx, { monitorId }, at, reason));
  }

  await placeOpenMonitorIncidents(
    { db },
    down.flatMap((m) => {
      const site = open.has(m.id) ? siteOf(m) : undefined;
      return site ? [{ monitorId: m.id, websiteId: site.id, serverId: site.serverId ?? null }] : [];
    }),
  );

  const opening = down.filter((m) => !open.has(m.id) && !inMaintenance(m));
  if (opening.length === 0) return;
  await withTransaction(services, async (tx) => {
    for (const m of opening) {
      const site = siteOf(m);
      const name = m.attributes.pronounceable_name || m.attributes.url;
      await openIncident(tx, {
        source: 'monitor',
        monitorId: m.id,
        websiteId: site?.id ?? null,
        serverId: site?.serverId ?? null,
        title: `${name} is down`,
        cause: `Better Uptime reports ${m.attributes.url} down.`,
        failures: [],
        at,
      });
    }
  });
}

/**
 * Ends quietly ("maintenance") the open incidents of Better Uptime monitors whose website a maintenance
 * window covers at `at` (of these websites, when given), each through the incidents' lifecycle in a
 * transaction of its own (a savepoint inside the caller's): a window that starts ends them then, not at
 * the next sync. While the window lasts the sync opens none for them.
 */
export async function endMonitorIncidentsInMaintenance(
  services: Services,
  at: Date,
  websiteIds?: readonly number[],
): Promise<number> {
  const open = await openMonitorIncidentsOf(services, websiteIds);
  if (open.length === 0) return 0;
  const covered = await websitesInMaintenance(
    services,
    open.map((o) => o.websiteId),
    at,
  );
  const ending = open
    .filter((o) => covered.has(o.websiteId))
    .sort((a, b) => a.monitorId.localeCompare(b.monitorId));
  for (const { monitorId } of ending) {
    await withTransaction(services, (tx) => closeIncident(tx, { monitorId }, at, 'maintenance'));
  }
  return ending.length;
}
