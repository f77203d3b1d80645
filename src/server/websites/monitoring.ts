import { inArray } from 'drizzle-orm';
import type { WebsiteMonitoring, WebsiteView } from '../../shared/websites';
import { availability, measuredFrom, monitorMeasuredFrom, uptimePercent } from '../checks';
import { checks } from '../db/schema';
import { readCacheItems } from '../provider-cache';
import { figuresKey, type MonitorFigures, monitorsKey } from '../providers/betteruptime/keys';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

type Watched = Pick<WebsiteView, 'id' | 'check' | 'betterUptimeMonitor' | 'health' | 'monitor'>;

/**
 * The 30-day figures of what watches each website, the source its health follows: our check's stored
 * results, else its Better Uptime monitor's figures.
 */
export async function monitoringOf(
  services: Services,
  views: Watched[],
): Promise<Map<number, WebsiteMonitoring>> {
  const [checked, monitored] = await Promise.all([
    checkFigures(services, views),
    monitorFigures(
      services,
      views.filter((v) => !v.check),
    ),
  ]);
  return new Map([...checked, ...monitored]);
}

/**
 * Both watchers of one website with their 30-day figures (its page shows each): our check and the
 * Better Uptime monitor of its domain, either or both null.
 */
export async function watchersOf(
  services: Services,
  view: Watched,
): Promise<{ check: WebsiteMonitoring | null; monitor: WebsiteMonitoring | null }> {
  const [checked, monitored] = await Promise.all([
    checkFigures(services, [view]),
    monitorFigures(services, [view], true),
  ]);
  return { check: checked.get(view.id) ?? null, monitor: monitored.get(view.id) ?? null };
}

/** Our checks' 30 days from their stored results (its status is the website's health). */
async function checkFigures(services: Services, views: Watched[]): Promise<Map<number, WebsiteMonitoring>> {
  const out = new Map<number, WebsiteMonitoring>();
  const checked = views.filter((v) => v.check);
  if (checked.length === 0) return out;
  const now = services.clock.now();
  const start = new Date(now.getTime() - 30 * DAY_MS);
  const checkIds = checked.map((v) => v.check!.id);
  const [measured, lastResponse] = await Promise.all([
    availability(services, checkIds, start, now),
    services.db
      .select({ id: checks.id, ms: checks.lastResponseMs })
      .from(checks)
      .where(inArray(checks.id, checkIds)),
  ]);
  const lastMs = new Map(lastResponse.map((r) => [r.id, r.ms]));
  for (const v of checked) {
    const a = measured.get(v.check!.id);
    out.set(v.id, {
      source: 'check',
      id: String(v.check!.id),
      name: v.check!.name,
      status: v.health.state === 'maintenance' ? 'maintenance' : healthStatus(v.health.state),
      uptime: round2(uptimePercent(a)),
      measuredFrom: measuredFrom(a, start, HOUR_MS),
      responseMs: a?.responses
        ? Math.round(a.responseMsSum / a.responses)
        : (lastMs.get(v.check!.id) ?? null),
    });
  }
  return out;
}

/**
 * The Better Uptime monitors' 30 days from their synced figures. Where the website's health follows
 * the monitor, its status is the health; `ownStatus` gives the monitor's own (beside a check).
 */
async function monitorFigures(
  services: Services,
  views: Watched[],
  ownStatus = false,
): Promise<Map<number, WebsiteMonitoring>> {
  const out = new Map<number, WebsiteMonitoring>();
  const monitored = views.filter((v) => v.betterUptimeMonitor);
  if (monitored.length === 0) return out;
  const start = new Date(services.clock.now().getTime() - 30 * DAY_MS);
  const ids = monitored.map((v) => v.betterUptimeMonitor!.id);
  const [figures, monitors] = await Promise.all([
    readCacheItems<MonitorFigures>(services, figuresKey, ids),
    readCacheItems<Monitor>(services, monitorsKey, ids),
  ]);
  for (const v of monitored) {
    const f = figures.get(v.betterUptimeMonitor!.id);
    const own = v.monitor?.status;
    out.set(v.id, {
      source: 'monitor',
      id: v.betterUptimeMonitor!.id,
      name: v.betterUptimeMonitor!.name,
      status: ownStatus
        ? own === undefined || own === 'other'
          ? 'pending'
          : own
        : healthStatus(v.health.state),
      uptime: round2(f?.uptime ?? null),
      measuredFrom:
        f?.uptime == null
          ? null
          : monitorMeasuredFrom(start, monitors.get(v.betterUptimeMonitor!.id)?.attributes.created_at),
      responseMs: f?.avgResponseMs ?? null,
    });
  }
  return out;
}

/** The monitoring status shown beside the figures: the health's own state, "unknown" reads as pending. */
const healthStatus = (state: WebsiteView['health']['state']) => (state === 'unknown' ? 'pending' : state);
