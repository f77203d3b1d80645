import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { updateRunSites, updateRuns, websites } from '../db/schema';
import { advanceUpdateRuns } from './runs';

// How a run hands out its sites: within its concurrency, one site per server at a time, and the
// servers with the most sites still waiting first (the busiest server's queue is the run's length).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('handing out a run’s sites', () => {
  it('starts the servers with the most sites waiting first, one site per server, within the concurrency', async () => {
    // Server a: 1 site; b: 3 sites; c: 2 sites, in that planned order.
    const servers = ['a', 'b', 'b', 'b', 'c', 'c'];
    const made = await t.db
      .insert(websites)
      .values(
        servers.map((server, n) => ({
          name: `site${n}.test`,
          domain: `site${n}.test`,
          integrationProvider: 'gridpane',
          providerSiteId: String(900 + n),
          serverId: server,
          status: 'active',
          environment: 'production',
        })),
      )
      .returning();
    const now = t.services.clock.now();
    const [run] = await t.db
      .insert(updateRuns)
      .values({
        status: 'scheduled',
        title: 'test run',
        items: [{ type: 'plugin', slug: 'akismet' }],
        concurrency: 2,
        createdAt: now,
        // Later than now: the run is started by hand below, not by a job the app runs meanwhile.
        startsAt: new Date(now.getTime() + 3_600_000),
      })
      .returning();
    await t.db.insert(updateRunSites).values(
      made.map((w, position) => ({
        runId: run!.id,
        websiteId: w.id,
        domain: w.domain,
        host: 'gridpane',
        serverId: w.serverId,
        position,
        status: 'pending',
        items: [{ type: 'plugin', slug: 'akismet', from: '5.0', to: '5.1', result: 'pending' }],
      })),
    );
    await t.db.update(updateRuns).set({ startsAt: now }).where(eq(updateRuns.id, run!.id));

    const { started } = await advanceUpdateRuns(t.services);
    expect(started).toBe(2);
    const claimed = await t.db.select().from(updateRunSites).where(eq(updateRunSites.runId, run!.id));
    const handed = claimed.filter((s) => s.claimedAt !== null).map((s) => [s.serverId, s.position]);
    // b (3 waiting) and c (2 waiting) go before a, whose single site was planned first.
    expect(handed.sort()).toEqual([
      ['b', 1],
      ['c', 4],
    ]);
  });
});
