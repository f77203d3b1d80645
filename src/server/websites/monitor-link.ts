import { and, eq, sql } from 'drizzle-orm';
import { recordActivity } from '../activity';
import type { Context } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { clientInScope } from '../core/scope';
import { websites } from '../db/schema';
import { readCacheItems } from '../provider-cache';
import { monitorsKey } from '../providers/betteruptime/keys';
import type { Monitor } from '../providers/betteruptime/types';
import { refreshHealth } from './read-model';

const UNKNOWN_MONITOR =
  'Better Uptime does not list that monitor: refresh the monitors on the Uptime page and choose again';

/**
 * Links a Better Uptime monitor to a website, or gives the choice back to its domain (null). The
 * website's health follows the new monitor at once (when no check of ours watches it), in the change's
 * transaction. A monitor Better Uptime does not list is refused: nothing changes.
 */
export async function linkWebsiteMonitor(
  ctx: Pick<Context, 'db' | 'clock' | 'actor'>,
  websiteId: number,
  monitorId: string | null,
): Promise<void> {
  let monitor: Monitor | undefined;
  if (monitorId !== null) {
    monitor = (await readCacheItems<Monitor>(ctx, monitorsKey, [monitorId])).get(monitorId);
    if (!monitor) throw badRequest(UNKNOWN_MONITOR, { monitorId: ['No Better Uptime monitor with this id'] });
  }
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(websites)
    .set({ linkedMonitorId: monitorId, updatedAt: now })
    // A website outside a limited person's clients is, to them, not there.
    .where(and(eq(websites.id, websiteId), clientInScope(ctx, sql`${websites.clientId}`)))
    .returning({ domain: websites.domain, clientId: websites.clientId });
  if (!row) throw notFound('Website not found');
  await refreshHealth(ctx, now, [websiteId]);
  const name = monitor ? monitor.attributes.pronounceable_name || monitor.attributes.url : null;
  await recordActivity(ctx, {
    type: 'info',
    action: name ? 'website.monitor.linked' : 'website.monitor.unlinked',
    message: name
      ? `linked the Better Uptime monitor "${name}" to ${row.domain}`
      : `let ${row.domain}'s domain choose its Better Uptime monitor`,
    link: `/websites/internal/${websiteId}`,
    clientId: row.clientId,
    websiteId,
  });
}
