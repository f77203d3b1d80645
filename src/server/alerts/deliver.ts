import { and, eq } from 'drizzle-orm';
import { alertDeliveries } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import type { JobSpec } from '../jobs/engine';
import type { Services } from '../services';
import { loadChannel } from './channels';
import { DELIVER_JOB } from './dispatch';
import { sendToChannel } from './send';

const RETRY_LIMIT = 20;

/**
 * Sends one delivery. A channel that fails is retried with backoff (10 s doubling to 5 min, 20 times:
 * over an hour), so an outage of minutes still gets its alerts afterwards; the delivery row tells the
 * Settings page how it went.
 */
export async function deliver(services: Services, deliveryId: number, retryCount: number): Promise<void> {
  const { db, clock } = services;
  const [delivery] = await db.select().from(alertDeliveries).where(eq(alertDeliveries.id, deliveryId));
  if (!delivery || delivery.status === 'sent') return;
  const channel = await loadChannel(services, delivery.channelId);
  if (!channel?.enabled) {
    await db
      .update(alertDeliveries)
      .set({ status: 'failed', lastError: 'The channel was switched off or deleted' })
      .where(eq(alertDeliveries.id, deliveryId));
    return;
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
      .set({ attempts: delivery.attempts + 1, lastError: reason, status: last ? 'failed' : 'pending' })
      .where(eq(alertDeliveries.id, deliveryId));
    throw new Error(`Alert to ${channel.name} not sent: ${reason}`);
  }
  await db
    .update(alertDeliveries)
    .set({ status: 'sent', sentAt: clock.now(), attempts: delivery.attempts + 1, lastError: null })
    .where(eq(alertDeliveries.id, deliveryId));
}

export const deliverJob = (services: Services): JobSpec<{ deliveryId: number }> => ({
  name: DELIVER_JOB,
  policy: 'standard',
  retryLimit: RETRY_LIMIT,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 300,
  batchSize: 8,
  run: (data, job) => deliver(services, data.deliveryId, (job as { retryCount?: number }).retryCount ?? 0),
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
