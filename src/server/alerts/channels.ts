import { randomBytes } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { AlertChannel, AlertChannelInput } from '../../shared/alerts';
import { recordActivity } from '../activity';
import { withTransaction } from '../core/context';
import { badRequest, conflict, notFound } from '../core/errors';
import { addressPolicy, assertPublicField } from '../core/outbound';
import { type AlertChannelRow, alertChannels, alertChannelTags, alertDeliveries, tags } from '../db/schema';
import type { Services } from '../services';

/** Channels with their rules and their last delivery (shows a failing channel at a glance). */
export async function listChannels(services: Services): Promise<AlertChannel[]> {
  const { db } = services;
  const rows = await db.select().from(alertChannels).orderBy(alertChannels.name);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rules = await db.select().from(alertChannelTags).where(inArray(alertChannelTags.channelId, ids));
  const last = await db
    .selectDistinctOn([alertDeliveries.channelId], {
      channelId: alertDeliveries.channelId,
      status: alertDeliveries.status,
      at: sql<Date>`coalesce(${alertDeliveries.sentAt}, ${alertDeliveries.createdAt})`,
      error: alertDeliveries.lastError,
    })
    .from(alertDeliveries)
    .where(inArray(alertDeliveries.channelId, ids))
    .orderBy(alertDeliveries.channelId, desc(alertDeliveries.id));
  return rows.map((row) =>
    toChannel(
      row,
      rules.filter((r) => r.channelId === row.id).map((r) => r.tagId),
      last.find((l) => l.channelId === row.id),
    ),
  );
}

function toChannel(
  row: AlertChannelRow,
  tagIds: number[],
  last?: { status: string; at: Date | string; error: string | null },
): AlertChannel {
  return {
    id: row.id,
    kind: row.kind as AlertChannel['kind'],
    name: row.name,
    target: row.target,
    tagIds,
    enabled: row.enabled,
    lastDelivery: last
      ? {
          status: last.status as 'pending' | 'sent' | 'failed',
          at: new Date(last.at).toISOString(),
          error: last.error,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What is stored for a channel: Slack's URL is its secret (sealed, shown masked); a webhook gets a signing secret. */
async function prepare(services: Services, input: AlertChannelInput, previous?: AlertChannelRow) {
  if (input.kind === 'email') {
    if (!services.mailer) throw conflict('Email alerts need SMTP: set SMTP_URL and restart Agency Hub.');
    return { target: input.email, secret: null, shown: undefined };
  }
  await assertPublicField(input.url, addressPolicy(services.config), 'url');
  if (input.kind === 'slack') {
    return { target: maskUrl(input.url), secret: services.box.seal(input.url), shown: undefined };
  }
  const keep = previous?.kind === 'webhook' && previous.secret;
  const shown = keep ? undefined : randomBytes(32).toString('base64url');
  return { target: input.url, secret: keep ? previous.secret : services.box.seal(shown!), shown };
}

/** https://hooks.slack.com/services/T000/B000/XXXX → https://hooks.slack.com/…XXXX */
const maskUrl = (url: string) => `${new URL(url).origin}/…${url.slice(-4)}`;

async function checkTags(services: Services, tagIds: number[]) {
  if (tagIds.length === 0) return;
  const found = await services.db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
  if (found.length !== new Set(tagIds).size)
    throw badRequest('One of those tags does not exist', { tagIds: ['One of those tags does not exist'] });
}

export async function createChannel(services: Services, input: AlertChannelInput) {
  await checkTags(services, input.tagIds);
  const stored = await prepare(services, input);
  const row = await withTransaction(services, async (ctx) => {
    const tx = ctx.db;
    const [created] = await tx
      .insert(alertChannels)
      .values({
        kind: input.kind,
        name: input.name,
        target: stored.target,
        secret: stored.secret,
        enabled: input.enabled,
        createdBy: ctx.actor?.id ?? null,
      })
      .returning();
    if (input.tagIds.length)
      await tx
        .insert(alertChannelTags)
        .values([...new Set(input.tagIds)].map((tagId) => ({ channelId: created!.id, tagId })));
    await recordActivity(ctx, {
      type: 'success',
      action: 'alerts.channel_created',
      message: `added the alert channel ${created!.name}`,
      link: '/settings',
    });
    return created!;
  });
  return { ...toChannel(row, input.tagIds), ...(stored.shown ? { secret: stored.shown } : {}) };
}

export async function updateChannel(services: Services, id: number, input: AlertChannelInput) {
  const [previous] = await services.db.select().from(alertChannels).where(eq(alertChannels.id, id));
  if (!previous) throw notFound('Alert channel not found');
  await checkTags(services, input.tagIds);
  const stored = await prepare(services, input, previous);
  const row = await withTransaction(services, async (ctx) => {
    const tx = ctx.db;
    const [updated] = await tx
      .update(alertChannels)
      .set({
        kind: input.kind,
        name: input.name,
        target: stored.target,
        secret: stored.secret,
        enabled: input.enabled,
        updatedAt: services.clock.now(),
      })
      .where(eq(alertChannels.id, id))
      .returning();
    await tx.delete(alertChannelTags).where(eq(alertChannelTags.channelId, id));
    if (input.tagIds.length)
      await tx
        .insert(alertChannelTags)
        .values([...new Set(input.tagIds)].map((tagId) => ({ channelId: id, tagId })));
    await recordActivity(ctx, {
      type: 'info',
      action: 'alerts.channel_updated',
      message: `updated the alert channel ${updated!.name}`,
      link: '/settings',
    });
    return updated!;
  });
  return { ...toChannel(row, input.tagIds), ...(stored.shown ? { secret: stored.shown } : {}) };
}

export async function deleteChannel(services: Services, id: number) {
  await withTransaction(services, async (ctx) => {
    const [row] = await ctx.db.delete(alertChannels).where(eq(alertChannels.id, id)).returning();
    if (!row) throw notFound('Alert channel not found');
    await recordActivity(ctx, {
      type: 'warning',
      action: 'alerts.channel_deleted',
      message: `deleted the alert channel ${row.name}`,
      link: '/settings',
    });
  });
}

/** A channel with its secret opened, for sending. */
export async function loadChannel(services: Services, id: number) {
  const [row] = await services.db.select().from(alertChannels).where(eq(alertChannels.id, id));
  if (!row) return undefined;
  return { ...row, secretValue: row.secret ? services.box.open(row.secret) : null };
}
