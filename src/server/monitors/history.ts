import { and, eq, inArray, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { isProviderError } from '../core/outbound/provider-error';
import { monitorDays } from '../db/schema';
import type { BetterUptimeClient } from '../providers/betteruptime/client';
import { BETTERUPTIME } from '../providers/betteruptime/keys';
import type { Services } from '../services';

const DAY_MS = 86_400_000;
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Colour of a day in the history widgets. */
export function dayStatus(uptime: number): 'up' | 'degraded' | 'down' {
  if (uptime >= 99.5) return 'up';
  if (uptime >= 95) return 'degraded';
  return 'down';
}

export async function saveDays(
  services: Services,
  rows: { monitorId: string; day: string; uptime: number }[],
  at: Date,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await services.db
      .insert(monitorDays)
      .values(
        rows
          .slice(i, i + 500)
          .map((r) => ({ provider: BETTERUPTIME, ...r, status: dayStatus(r.uptime), updatedAt: at })),
      )
      .onConflictDoUpdate({
        target: [monitorDays.provider, monitorDays.monitorId, monitorDays.day],
        set: { uptime: sql`excluded.uptime`, status: sql`excluded.status`, updatedAt: at },
      });
  }
}

/**
 * Keeps 30 days of history for a few monitors (the dashboard shows the least available ones) from
 * per-day SLA figures: today is fetched anew each time, earlier days only when missing, so after the
 * first run this costs one call per monitor unless the app was off for a while.
 */
export async function backfillHistory(
  services: Services,
  client: BetterUptimeClient,
  monitorIds: string[],
): Promise<number> {
  if (monitorIds.length === 0) return 0;
  const now = services.clock.now();
  const days = Array.from({ length: 30 }, (_, i) => utcDay(new Date(now.getTime() - (29 - i) * DAY_MS)));
  return (await keepDays(services, client, monitorIds, days)).fetched;
}

/**
 * Each monitor's availability on each of `days` (UTC days, YYYY-MM-DD), from the days we keep and, for
 * those missing, Better Uptime's SLA of that one day, kept in turn: a past day is asked once, today
 * each time (it is still going on), a day to come never. A day Better Uptime has no figure for (before
 * the monitor existed) is left out.
 */
export async function keepDays(
  services: Services,
  client: BetterUptimeClient,
  monitorIds: string[],
  days: string[],
): Promise<{ uptime: Map<string, Map<string, number>>; fetched: number }> {
  const uptime = new Map<string, Map<string, number>>(monitorIds.map((id) => [id, new Map()]));
  if (monitorIds.length === 0 || days.length === 0) return { uptime, fetched: 0 };
  const today = utcDay(services.clock.now());
  const asked = days.filter((day) => day <= today);
  const have = await services.db
    .select({ monitorId: monitorDays.monitorId, day: monitorDays.day, uptime: monitorDays.uptime })
    .from(monitorDays)
    .where(
      and(
        eq(monitorDays.provider, BETTERUPTIME),
        inArray(monitorDays.monitorId, monitorIds),
        inArray(monitorDays.day, asked),
      ),
    );
  for (const r of have) if (r.day !== today) uptime.get(r.monitorId)?.set(r.day, r.uptime);
  const missing = monitorIds.flatMap((monitorId) =>
    asked.filter((day) => !uptime.get(monitorId)?.has(day)).map((day) => ({ monitorId, day })),
  );
  const limit = pLimit(3);
  const rows = (
    await Promise.all(
      missing.map((m) =>
        limit(async () => {
          try {
            return { ...m, uptime: (await client.getSla(m.monitorId, m.day, m.day)).availability };
          } catch (err) {
            if (isProviderError(err)) return undefined; // e.g. a day before the monitor existed
            throw err;
          }
        }),
      ),
    )
  ).filter((r) => r !== undefined);
  await saveDays(services, rows, services.clock.now());
  for (const r of rows) uptime.get(r.monitorId)?.set(r.day, r.uptime);
  return { uptime, fetched: rows.length };
}
