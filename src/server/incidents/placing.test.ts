import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { withTransaction } from '../core/context';
import { incidents, websites } from '../db/schema';
import { writeCache } from '../provider-cache/service';
import { monitorsKey } from '../providers/betteruptime/keys';
import { openIncident, placeMonitorIncidentsOnWebsites } from './lifecycle';

// A first Better Uptime sync may find a monitor down before the host's sync has created its website:
// the incident opens without a website, and must name it once the website exists.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const monitor = (id: string, url: string) => ({
  id,
  data: { id, type: 'monitor', attributes: { url, pronounceable_name: url, status: 'down' } },
});

describe('monitor incidents opened before their website existed', () => {
  it('are placed on the website of their domain (and its server) once it exists, and only those', async () => {
    await writeCache(
      { db: t.db },
      monitorsKey,
      [monitor('9001', 'https://early.example'), monitor('9002', 'https://nowebsite.example')],
      t.clock.now(),
      { partial: false },
    );
    const open = (monitorId: string) =>
      withTransaction(t.services, (tx) =>
        openIncident(tx, {
          source: 'monitor',
          monitorId,
          websiteId: null,
          serverId: null,
          title: 'down',
          cause: 'Better Uptime reports it down.',
          failures: [],
          at: t.clock.now(),
        }),
      );
    const early = (await open('9001'))!;
    const orphan = (await open('9002'))!;
    expect(await placeMonitorIncidentsOnWebsites({ db: t.db })).toBe(0);

    const [w] = await t.db
      .insert(websites)
      .values({
        name: 'early.example',
        domain: 'early.example',
        integrationProvider: 'gridpane',
        serverId: '77001',
        status: 'active',
        environment: 'production',
      })
      .returning();
    expect(await placeMonitorIncidentsOnWebsites({ db: t.db })).toBe(1);
    const read = async (id: number) => (await t.db.select().from(incidents).where(eq(incidents.id, id)))[0]!;
    expect(await read(early.id)).toMatchObject({ websiteId: w!.id, serverId: '77001' });
    expect(await read(orphan.id)).toMatchObject({ websiteId: null });
    // Placed once: a second pass changes nothing.
    expect(await placeMonitorIncidentsOnWebsites({ db: t.db })).toBe(0);
  });
});
