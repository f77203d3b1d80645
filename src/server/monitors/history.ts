import { and, eq, gte, inArray, sql } from 'drizzle-orm';
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
  const today = utcDay(now);
  const days = Array.from({ length: 30 }, (_, i) => utcDay(new Date(now.getTime() - (29 - i) * DAY_MS)));
  const have = await services.db
    .select({ monitorId: monitorDays.monitorId, day: monitorDays.day })
    .from(monitorDays)
    .where(
      and(
        eq(monitorDays.provider, BETTERUPTIME),
        inArray(monitorDays.monitorId, monitorIds),
        gte(monitorDays.day, days[0]!),
      ),
    );
  const known = new Set(have.filter((r) => r.day !== today).map((r) => `${r.monitorId}/${r.day}`));
  const missing = monitorIds.flatMap((monitorId) =>
    days.filter((day) => !known.has(`${monitorId}/${day}`)).map((day) => ({ monitorId, day })),
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
  return rows.length;
}
