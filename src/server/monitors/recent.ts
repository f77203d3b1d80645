import type { MonitorRecent } from '../../shared/monitors';
import { monitorMeasuredFrom } from '../checks';
import { betterUptimeClient } from '../integrations';
import { readCacheItems, writeCache } from '../provider-cache';
import { monitorsKey, recentKey } from '../providers/betteruptime/keys';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';
import { readWebsite } from '../websites';
import { utcDay } from './history';

const DAY_MS = 86_400_000;
/** How long one monitor's recent figures are reused before Better Uptime is asked again. */
const REUSE_MS = 5 * 60_000;
const SPANS = { day: 1, week: 7, month: 30 } as const;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What the Better Uptime monitor watching a website measured lately: its uptime over the last 24
 * hours, 7 and 30 days (Better Uptime's SLA counts whole UTC days, so each span starts at midnight UTC
 * of its first day) and the last day's response times by region. Four calls to Better Uptime, reused
 * for five minutes; null when no monitor watches the website.
 */
export async function recentMonitorFigures(
  services: Services,
  websiteId: number,
): Promise<MonitorRecent | null> {
  const website = await readWebsite(services, websiteId);
  const id = website.betterUptimeMonitor?.id;
  if (!id) return null;
  const now = services.clock.now();
  const kept = (await readCacheItems<MonitorRecent>(services, recentKey, [id])).get(id);
  if (kept && now.getTime() - Date.parse(kept.readAt) < REUSE_MS) return kept;

  const { client } = await betterUptimeClient(services);
  const today = utcDay(now);
  const days = {
    day: utcDay(new Date(now.getTime() - SPANS.day * DAY_MS)),
    week: utcDay(new Date(now.getTime() - SPANS.week * DAY_MS)),
    month: utcDay(new Date(now.getTime() - SPANS.month * DAY_MS)),
  };
  const [monitors, day, week, month, times] = await Promise.all([
    readCacheItems<Monitor>(services, monitorsKey, [id]),
    client.getSla(id, days.day, today),
    client.getSla(id, days.week, today),
    client.getSla(id, days.month, today),
    client.getResponseTimes(id),
  ]);
  const made = monitors.get(id)?.attributes.created_at;
  const from = (first: string) => monitorMeasuredFrom(new Date(`${first}T00:00:00Z`), made);
  const recent: MonitorRecent = {
    monitorId: id,
    uptime: {
      day: round2(day.availability),
      week: round2(week.availability),
      month: round2(month.availability),
    },
    measuredFrom: { day: from(days.day), week: from(days.week), month: from(days.month) },
    days,
    responseTimes: times.regions,
    averageMs: times.averageMs,
    readAt: now.toISOString(),
  };
  await writeCache(services, recentKey, [{ id, data: recent }], now, { partial: true });
  return recent;
}
