import { and, eq, isNull } from 'drizzle-orm';
import { recordActivity } from '../activity';
import type { Context } from '../core/context';
import { maintenanceWindows } from '../db/schema';

/**
 * The window an update opens on the one website it updates, so a check or a monitor that sees the
 * site in maintenance mode for a few seconds opens no incident and sends no alert. Only writes the
 * window and its activity line: the caller, in the same transaction, refreshes the website's health
 * and ends its monitors' incidents, as a window opened on the Uptime page does.
 */
export async function openUpdateWindow(
  ctx: Pick<Context, 'db' | 'clock'>,
  websiteId: number,
  minutes: number,
  reason: string,
): Promise<number> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(maintenanceWindows)
    .values({
      reason,
      startsAt: now,
      durationMinutes: minutes,
      repeat: 'none',
      websiteIds: [websiteId],
      createdAt: now,
    })
    .returning({ id: maintenanceWindows.id });
  await recordActivity(ctx, {
    type: 'info',
    action: 'maintenance.created',
    message: `Agency Hub started a ${minutes}-minute maintenance window (${reason})`,
    link: '/uptime',
    websiteId,
    verbatim: true,
  });
  return row!.id;
}

/** Ends an update's window (nothing when it ended already); the caller refreshes the website's health. */
export async function closeUpdateWindow(
  ctx: Pick<Context, 'db' | 'clock'>,
  windowId: number,
): Promise<boolean> {
  const ended = await ctx.db
    .update(maintenanceWindows)
    .set({ endedAt: ctx.clock.now() })
    .where(and(eq(maintenanceWindows.id, windowId), isNull(maintenanceWindows.endedAt)))
    .returning({ id: maintenanceWindows.id });
  return ended.length > 0;
}
