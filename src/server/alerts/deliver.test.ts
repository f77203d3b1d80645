import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { alertChannels, alertDeliveries, incidents } from '../db/schema';
import { catchUp, deliver, deliverJob } from './deliver';

// A channel that was failing gets its alerts afterwards, in order: "back up" never before "down".
let t: TestApp;
let opened: number;
let resolved: number;

beforeAll(async () => {
  t = await createTestApp();
  const [channel] = await t.db
    .insert(alertChannels)
    .values({ kind: 'email', name: 'Ops', target: 'ops@agency.test' })
    .returning();
  const [incident] = await t.db
    .insert(incidents)
    .values({ source: 'check', title: 'shop.example is down', startedAt: t.clock.now() })
    .returning();
  const row = (event: string, title: string) => ({
    channelId: channel!.id,
    incidentId: incident!.id,
    event,
    subjectKey: `incident:${incident!.id}`,
    title,
    body: title,
  });
  const made = await t.db
    .insert(alertDeliveries)
    .values([row('opened', 'shop.example is down'), row('resolved', 'shop.example is back up')])
    .returning();
  [opened, resolved] = [made[0]!.id, made[1]!.id];
});
afterAll(() => t.close());

describe('deliver', () => {
  it('holds "back up" while the "down" alert to the same channel is still being retried', async () => {
    await expect(deliver(t.services, resolved, 0)).rejects.toThrow(/waits for the incident's "down" alert/);
    expect(t.outbox).toHaveLength(0);
    await deliver(t.services, opened, 3);
    await deliver(t.services, resolved, 1);
    expect(t.outbox.map((m) => m.subject)).toEqual([
      expect.stringContaining('shop.example is down'),
      expect.stringContaining('shop.example is back up'),
    ]);
    const rows = await t.db.select().from(alertDeliveries).orderBy(alertDeliveries.id);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});

describe('a channel that answers again', () => {
  let u: TestApp;
  let refusing = true;
  const sent: string[] = [];
  let channelId: number;
  const ids: number[] = [];

  beforeAll(async () => {
    u = await createTestApp({
      mailer: {
        send: async (mail) => {
          if (refusing) throw new Error('SMTP answered 421');
          sent.push(mail.subject);
        },
      },
    });
    const [channel] = await u.db
      .insert(alertChannels)
      .values({ kind: 'email', name: 'On call', target: 'oncall@agency.test' })
      .returning();
    channelId = channel!.id;
    const [incident] = await u.db
      .insert(incidents)
      .values({ source: 'check', title: 'blog.example is down', startedAt: u.clock.now() })
      .returning();
    const made = await u.db
      .insert(alertDeliveries)
      .values(
        [
          ['certificate', 'cert:1', 'blog.example certificate expires in 9 days'],
          ['opened', `incident:${incident!.id}`, 'blog.example is down'],
          ['resolved', `incident:${incident!.id}`, 'blog.example is back up'],
        ].map(([event, subjectKey, title]) => ({
          channelId,
          incidentId: event === 'certificate' ? null : incident!.id,
          event: event!,
          subjectKey: subjectKey!,
          title: title!,
          body: title!,
        })),
      )
      .returning();
    ids.push(...made.map((d) => d.id));
  });
  afterAll(() => u.close());

  it('sends each alert once when two tries of it run at the same moment', async () => {
    await expect(deliver(u.services, ids[0]!, 0)).rejects.toThrow('SMTP answered 421');
    refusing = false;
    const both = await Promise.all([deliver(u.services, ids[0]!, 1), deliver(u.services, ids[0]!, 0)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(sent).toEqual(['[Agency Hub] blog.example certificate expires in 9 days']);
    const [row] = await u.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, ids[0]!));
    expect([row!.status, row!.attempts]).toEqual(['sent', 2]);
  });

  it('lets a try that died while sending be taken over once its claim has run out', async () => {
    const [d] = await u.db
      .insert(alertDeliveries)
      .values({ channelId, event: 'domain', subjectKey: 'domain:held', title: 'held', body: 'held' })
      .returning();
    await u.db
      .update(alertDeliveries)
      .set({ claimedUntil: new Date(u.clock.now().getTime() + 60_000) })
      .where(eq(alertDeliveries.id, d!.id));
    expect(await deliver(u.services, d!.id, 0)).toBe(false);
    u.clock.advance(61_000);
    expect(await deliver(u.services, d!.id, 0)).toBe(true);
    expect(sent.at(-1)).toBe('[Agency Hub] held');
  });

  it('gets what it missed at once and in order after its first alert goes through again', async () => {
    refusing = true;
    await expect(deliver(u.services, ids[1]!, 0)).rejects.toThrow('SMTP answered 421');
    await expect(deliver(u.services, ids[2]!, 0)).rejects.toThrow(/waits for the incident's "down" alert/);
    refusing = false;
    // Only the "down" alert's own retry runs; it queues the channel's catch-up for the rest.
    await deliverJob(u.services).run({ deliveryId: ids[1]! }, {
      id: 'retry',
      signal: new AbortController().signal,
      retryCount: 1,
    } as never);
    await vi.waitFor(
      async () => {
        const rows = await u.db
          .select()
          .from(alertDeliveries)
          .where(eq(alertDeliveries.channelId, channelId));
        expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(sent.slice(2)).toEqual([
      '[Agency Hub] blog.example is down',
      '[Agency Hub] blog.example is back up',
    ]);
  });

  it('stops catching up at the first refusal and leaves the rest to their retries', async () => {
    const more = await u.db
      .insert(alertDeliveries)
      .values(
        ['a', 'b'].map((k) => ({ channelId, event: 'domain', subjectKey: `domain:${k}`, title: k, body: k })),
      )
      .returning();
    refusing = true;
    expect(await catchUp(u.services, channelId)).toBe(0);
    const rows = await u.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.channelId, channelId))
      .orderBy(alertDeliveries.id);
    const waiting = rows.filter((r) => more.some((m) => m.id === r.id));
    expect(waiting.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
  });
});
