import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { AppError, notFound } from '../core/errors';
import type { JobSpec } from '../core/jobs/engine';
import { alertDeliveries } from '../db/schema';
import type { Services } from '../services';
import { loadChannel } from './channels';
import { DELIVER_JOB, FLUSH_JOB } from './dispatch';
import { sendToChannel } from './send';

const RETRY_LIMIT = 20;
/** How long a try holds its delivery: longer than any channel may take to answer (SMTP gives up at 25 s). */
const CLAIM_MS = 2 * 60_000;

/**
 * Sends one delivery; true when this call sent it. A channel that fails is retried with backoff (10 s
 * doubling to 5 min, 20 times: over an hour), so an outage of minutes still gets its alerts afterwards;
 * the delivery row tells the Settings page how it went. Each try first claims the delivery until it has an answer (an
 * instance that dies meanwhile lets it go after two minutes), so a retry and a channel's catch-up
 * running at the same moment never send it twice.
 */
export async function deliver(services: Services, deliveryId: number, retryCount: number): Promise<boolean> {
  const { db, clock } = services;
  const [delivery] = await db.select().from(alertDeliveries).where(eq(alertDeliveries.id, deliveryId));
  if (delivery?.status !== 'pending') return false;
  const channel = await loadChannel(services, delivery.channelId);
  if (!channel?.enabled) {
    await db
      .update(alertDeliveries)
      .set({ status: 'failed', lastError: 'The channel was switched off or deleted' })
      .where(eq(alertDeliveries.id, deliveryId));
    return false;
  }
  // "Back up" never overtakes "down" at a channel that was failing: it waits while the incident's
  // "down" alert to the same channel is still being retried (on its own last try it goes anyway).
  if (delivery.event === 'resolved' && delivery.incidentId !== null && retryCount < RETRY_LIMIT) {
    const [down] = await db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.channelId, delivery.channelId),
          eq(alertDeliveries.incidentId, delivery.incidentId),
          eq(alertDeliveries.event, 'opened'),
          eq(alertDeliveries.status, 'pending'),
        ),
      )
      .limit(1);
    if (down) throw new Error(`Alert to ${channel.name} waits for the incident's "down" alert to go first`);
  }
  const now = clock.now();
  const [claimed] = await db
    .update(alertDeliveries)
    .set({ attempts: sql`${alertDeliveries.attempts} + 1`, claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(alertDeliveries.id, deliveryId),
        eq(alertDeliveries.status, 'pending'),
        or(isNull(alertDeliveries.claimedUntil), lt(alertDeliveries.claimedUntil, now)),
      ),
    )
    .returning({ id: alertDeliveries.id });
  if (!claimed) return false; // another try of the same delivery is under way
  try {
    await sendToChannel(services, channel, {
      event: delivery.event,
      title: delivery.title,
      body: delivery.body,
      url: `${services.config.appUrl}${delivery.link ?? ''}`,
      incidentId: delivery.incidentId,
      sentAt: clock.now().toISOString(),
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const last = retryCount >= RETRY_LIMIT;
    await db
      .update(alertDeliveries)
      .set({ lastError: reason, status: last ? 'failed' : 'pending', claimedUntil: null })
      .where(eq(alertDeliveries.id, deliveryId));
    throw new Error(`Alert to ${channel.name} not sent: ${reason}`);
  }
  await db
    .update(alertDeliveries)
    .set({ status: 'sent', sentAt: clock.now(), lastError: null, claimedUntil: null })
    .where(eq(alertDeliveries.id, deliveryId));
  return true;
}

/**
 * A channel that answers again gets what it missed at once, oldest first, instead of each alert
 * waiting out its own backoff (up to 5 minutes): "down" and "back up" arrive together and in order.
 * Stops at the first refusal; the alerts' own retries go on as before.
 */
export async function catchUp(services: Services, channelId: number): Promise<number> {
  let sent = 0;
  for (const id of await waitingAt(services, channelId)) {
    try {
      if (await deliver(services, id, 0)) sent++;
    } catch {
      break;
    }
  }
  return sent;
}

/** A channel's alerts still waiting for a try, oldest first. */
async function waitingAt(services: Services, channelId: number): Promise<number[]> {
  const rows = await services.db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.channelId, channelId),
        eq(alertDeliveries.status, 'pending'),
        ne(alertDeliveries.event, 'test'),
      ),
    )
    .orderBy(asc(alertDeliveries.id));
  return rows.map((r) => r.id);
}

export const deliverJob = (services: Services): JobSpec<{ deliveryId: number }> => ({
  name: DELIVER_JOB.name,
  policy: 'standard',
  retryLimit: RETRY_LIMIT,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 300,
  batchSize: 8,
  run: async (data, job) => {
    const retryCount = (job as { retryCount?: number }).retryCount ?? 0;
    // A retry that goes through means the channel answers again: what else it missed follows now.
    if (!(await deliver(services, data.deliveryId, retryCount)) || retryCount === 0) return;
    const [row] = await services.db
      .select({ channelId: alertDeliveries.channelId })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.id, data.deliveryId));
    if (row && (await waitingAt(services, row.channelId)).length > 0) {
      await services.jobs.send(FLUSH_JOB, { channelId: row.channelId });
    }
  },
});

/** A channel's catch-up: one try, since every alert it sends keeps its own retries. */
export const flushJob = (services: Services): JobSpec<{ channelId: number }> => ({
  name: FLUSH_JOB.name,
  policy: 'standard',
  retryLimit: 0,
  run: (data) => catchUp(services, data.channelId),
});

/** The Settings page's "Send test": a sample alert, sent now, answered with how it went. */
export async function sendTest(services: Services, channelId: number): Promise<{ message: string }> {
  const channel = await loadChannel(services, channelId);
  if (!channel) throw notFound('Alert channel not found');
  const now = services.clock.now();
  const [delivery] = await services.db
    .insert(alertDeliveries)
    .values({
      channelId,
      event: 'test',
      subjectKey: `test:${now.toISOString()}`,
      title: 'Test alert from Agency Hub',
      body: 'If you can read this, alerts reach this channel. Nothing is down.',
      link: '/settings',
    })
    .returning();
  try {
    await sendToChannel(services, channel, {
      event: 'test',
      title: delivery!.title,
      body: delivery!.body,
      url: `${services.config.appUrl}/settings`,
      incidentId: null,
      sentAt: now.toISOString(),
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await services.db
      .update(alertDeliveries)
      .set({ status: 'failed', attempts: 1, lastError: reason })
      .where(eq(alertDeliveries.id, delivery!.id));
    throw new AppError(502, 'alert_not_sent', `The test alert was not sent: ${reason}`);
  }
  await services.db
    .update(alertDeliveries)
    .set({ status: 'sent', attempts: 1, sentAt: services.clock.now() })
    .where(eq(alertDeliveries.id, delivery!.id));
  return { message: `Test alert sent to ${channel.name}.` };
}
