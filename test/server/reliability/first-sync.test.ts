import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/server/config';
import { startFakeGridPane } from '../../fakes/gridpane';
import { createTestApp, type TestApp } from '../../support/app';

// A first sync of a large fleet takes as long as the provider's pages take (GridPane: 500 sites a page,
// about a page a second): no list waits for it. Saving GridPane starts it; a list asked for meanwhile
// answers within two seconds with what is stored so far and how far the sync has read, and fills in.
const SITES = 20_000;
let t: TestApp;
let cookie: string;
let gridpane: Awaited<ReturnType<typeof startFakeGridPane>>;

beforeAll(async () => {
  // Limits high enough that the fake's pacing, not its 429s, sets the sync's length (seconds, not minutes).
  gridpane = await startFakeGridPane({
    sites: SITES,
    servers: 2_000,
    seed: 11,
    latencyMs: 150,
    endpointLimit: 10_000,
    totalLimit: 10_000,
  });
  // The production wait for a first sync, not the tests' generous one.
  t = await createTestApp({ config: { answerWithin: testConfig().answerWithin } });
  cookie = await t.signIn();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await gridpane?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const timed = async (url: string) => {
  const started = performance.now();
  const res = await get(url);
  return { res, ms: performance.now() - started };
};

describe('the first list after saving GridPane, at 20,000 sites', () => {
  it('answers within 2 s while the sync runs, says how far it is, and fills in when it ends', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/gridpane',
      headers: { cookie },
      payload: { baseUrl: gridpane.url, accessToken: gridpane.token },
    });
    expect(saved.statusCode).toBe(200);

    const first = await timed('/api/sites?page=1&pageSize=50');
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(first.ms).toBeLessThan(2_000);
    expect(first.res.json()).toMatchObject({ data: [], total: 0, refreshing: true, syncedAt: null });

    // The Websites page and the servers list answer at once too, each with the sync's state.
    const websites = await timed('/api/websites?page=1&pageSize=50');
    expect(websites.ms).toBeLessThan(2_000);
    expect(websites.res.json().hosts).toMatchObject([{ provider: 'gridpane', refreshing: true }]);
    const servers = await timed('/api/servers?page=1&pageSize=50');
    expect(servers.ms).toBeLessThan(2_000);
    expect(servers.res.json()).toMatchObject({ refreshing: true });

    // Polled as the page does: the sites read so far, of the total GridPane gave, before the end.
    let progress: { done: number; total: number | null } | null = null;
    for (let i = 0; i < 600 && !progress; i++) {
      const body = (await get('/api/sites?page=1&pageSize=50')).json();
      if (!body.refreshing) break;
      if (body.progress && body.progress.done < SITES) progress = body.progress;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(progress).toMatchObject({ total: SITES });
    expect(progress!.done).toBeGreaterThan(0);
    const host = (await get('/api/websites?page=1&pageSize=50')).json().hosts[0];
    expect(host.progress).toMatchObject({ total: SITES });

    await t.services.jobs.idle();
    const done = (await get('/api/sites?page=1&pageSize=50')).json();
    expect(done).toMatchObject({ total: SITES, refreshing: false, progress: null, error: null });
    expect(done.data).toHaveLength(50);
    expect((await get('/api/websites?page=1&pageSize=50')).json()).toMatchObject({
      overall: SITES,
      hosts: [{ provider: 'gridpane', refreshing: false, progress: null }],
    });
  }, 600_000);
});
