import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { integrations } from '../db/schema';
import { saveIntegration } from '../integrations/service';
import { dispatchDueSyncs, dispatchJob } from './dispatch';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ config: { refreshIntervalMinutes: 15 } });
  // Saved straight into the database: no credential check and no sync of its own.
  await saveIntegration(t.services, 'gridpane', { baseUrl: 'http://127.0.0.1:9/api', accessToken: 'tok' });
  await saveIntegration(t.services, 'betteruptime', { apiToken: 'tok' });
  await saveIntegration(t.services, 'hdsnapshot', { globalToken: 'tok' });
});
afterEach(() => t.close());

const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000);
const setLast = (provider: string, at: { lastSyncAt?: Date | null; lastErrorAt?: Date | null }) =>
  t.db.update(integrations).set(at).where(eq(integrations.provider, provider));

describe('the every-minute sync dispatcher', () => {
  it('queues a sync for each enabled integration whose last attempt is older than the interval', async () => {
    await setLast('gridpane', { lastSyncAt: minutesAgo(20) });
    await setLast('betteruptime', { lastSyncAt: minutesAgo(5) });
    expect(await dispatchDueSyncs(t.services)).toEqual(['gridpane']);
  });

  it('counts a failed attempt too: a failing provider is retried at the same pace, not every minute', async () => {
    await setLast('gridpane', { lastSyncAt: minutesAgo(60), lastErrorAt: minutesAgo(2) });
    await setLast('betteruptime', { lastSyncAt: null, lastErrorAt: minutesAgo(16) });
    expect(await dispatchDueSyncs(t.services)).toEqual(['betteruptime']);
  });

  it('leaves alone a provider whose sync already waits or runs (a save just started it)', async () => {
    await setLast('gridpane', { lastSyncAt: null });
    await setLast('betteruptime', { lastSyncAt: null });
    const busy = {
      ...t.services,
      jobs: Object.assign(Object.create(t.services.jobs), {
        isBusy: async (job: { name: string }) => job.name === 'sync-gridpane',
      }),
    };
    expect(await dispatchDueSyncs(busy)).toEqual(['betteruptime']);
  });

  it('leaves switched-off integrations alone, and never syncs HD Snapshot (it answers per site)', async () => {
    await setLast('gridpane', { lastSyncAt: null });
    await setLast('betteruptime', { lastSyncAt: null });
    await t.db.update(integrations).set({ enabled: false }).where(eq(integrations.provider, 'gridpane'));
    expect(await dispatchDueSyncs(t.services)).toEqual(['betteruptime']);
  });

  it('runs every minute, or not at all with REFRESH_INTERVAL_MINUTES=0', () => {
    expect(dispatchJob(t.services).cron).toBe('* * * * *');
    const off = { ...t.services, config: { ...t.services.config, refreshIntervalMinutes: 0 } };
    expect(dispatchJob(off).cron).toBeUndefined();
  });
});
