import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGridPane } from '../../fakes/gridpane';
import { createTestApp, type TestApp } from '../../support/app';

// A provider that asks us to wait (GridPane's 429 can say up to a minute) or answers slowly must not hold
// the page: past answerWithin.refreshMs the refresh answers with the last good data and finishes in the background.
let t: TestApp;
let cookie: string;
let gridpane: Awaited<ReturnType<typeof startFakeGridPane>>;

beforeAll(async () => {
  gridpane = await startFakeGridPane({ sites: 6, servers: 2, seed: 5, slowMs: 1500 });
  t = await createTestApp({ config: { answerWithin: { refreshMs: 200, firstSyncMs: 60_000 } } });
  cookie = await t.signIn();
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/gridpane',
    headers: { cookie },
    payload: { baseUrl: gridpane.url, accessToken: gridpane.token },
  });
  expect(saved.statusCode).toBe(200);
  await t.services.jobs.idle();
});
afterAll(async () => {
  await t.close();
  await gridpane.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('a refresh slower than the page can wait', () => {
  it('answers at once with the last good data, then the background sync lands', async () => {
    const before = (await get('/api/servers')).json();
    expect(before.data).toHaveLength(2);
    t.clock.advance(60_000);
    gridpane.setFailure('slow', { times: 1 });

    const started = performance.now();
    const res = await get('/api/servers?refresh=true');
    expect(performance.now() - started).toBeLessThan(1200);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      cached: true,
      refreshing: true,
      syncedAt: before.syncedAt,
      data: before.data,
      error: null,
    });
    // The page polls the plain list meanwhile: it says the sync is still running.
    expect((await get('/api/servers')).json()).toMatchObject({ refreshing: true, syncedAt: before.syncedAt });

    await t.services.jobs.idle();
    const after = (await get('/api/servers')).json();
    expect(after.syncedAt).not.toBe(before.syncedAt);
    expect(after).toMatchObject({ refreshing: false, error: null });
    expect(after.data).toHaveLength(2);
  });
});
