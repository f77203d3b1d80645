import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { alertChannels, alertDeliveries, incidents } from '../db/schema';
import { deliver } from './deliver';

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
