import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { checkResults, checkRollups, checks, websites } from '../db/schema';
import { refreshHealth } from '../websites/read-model';

// The dashboard's Online, Down, Avg Response and Uptime figures and its site cards count our own
// checks, with or without Better Uptime.
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const day = new Date(t.clock.now().getTime() - 2 * 86_400_000);
  const sites = await t.db
    .insert(websites)
    .values(
      ['up-a.example', 'up-b.example', 'down.example', 'paused.example'].map((domain, i) => ({
        name: domain,
        domain,
        integrationProvider: 'gridpane',
        providerSiteId: String(100 + i),
        status: 'active',
        environment: 'production',
      })),
    )
    .returning();
  const made = await t.db
    .insert(checks)
    .values(
      sites.map((w, i) => ({
        name: w.domain,
        url: `https://${w.domain}`,
        intervalSeconds: 60,
        timeoutSeconds: 10,
        expectedStatus: '200-399',
        confirmations: 2,
        websiteId: w.id,
        status: i === 2 ? 'down' : 'up',
        paused: i === 3,
        lastResponseMs: 100,
        lastCheckedAt: t.clock.now(),
      })),
    )
    .returning();
  // A day of figures: 100 %, 99 % and 90 %; the paused check's figures do not count.
  await t.db.insert(checkRollups).values(
    made.map((c, i) => ({
      checkId: c.id,
      period: 'day',
      startsAt: day,
      samples: 100,
      failures: [0, 1, 10, 50][i]!,
      responseMsSum: [200, 400, 600, 800][i]! * 100,
      responses: 100,
    })),
  );
  // Written behind the app's back: the health the minute's job would keep, now.
  await refreshHealth({ db: t.db }, t.clock.now());
});
afterAll(() => t.close());

describe('GET /api/dashboard with our own checks', () => {
  it('counts checks in Online, Down, Avg Response and Uptime, without any provider', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })).json();
    expect(body).toMatchObject({
      totalMonitors: 3,
      online: 2,
      down: 1,
      uptime30d: Math.round(((100 + 99 + 90) / 3) * 100) / 100,
      avgResponseMs: 400,
    });
  });

  it('puts the site our check finds down first among the site cards, with its figures', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })).json();
    expect(body.websiteStatus[0]).toMatchObject({
      domain: 'down.example',
      status: 'offline',
      uptime: '90.00%',
      responseTime: 600,
      siteId: 102,
      websiteId: expect.any(Number),
    });
  });

  it('gives a check younger than a day its measured figures, "since" its first result', async () => {
    const [site] = await t.db
      .insert(websites)
      .values({
        name: 'new.example',
        domain: 'new.example',
        integrationProvider: 'gridpane',
        providerSiteId: '200',
        status: 'active',
        environment: 'production',
      })
      .returning();
    const [check] = await t.db
      .insert(checks)
      .values({
        name: 'new.example',
        url: 'https://new.example',
        intervalSeconds: 60,
        timeoutSeconds: 10,
        expectedStatus: '200-399',
        confirmations: 2,
        websiteId: site!.id,
        status: 'down',
        lastResponseMs: 100,
        lastCheckedAt: t.clock.now(),
      })
      .returning();
    // Three results in its first minutes, not rolled up yet: two up, one down.
    const first = new Date(t.clock.now().getTime() - 3 * 60_000);
    await t.db.insert(checkResults).values(
      [true, true, false].map((ok, i) => ({
        checkId: check!.id,
        dueAt: new Date(first.getTime() + i * 60_000),
        lagMs: 0,
        ok,
        responseMs: 100 + i * 100,
      })),
    );
    await refreshHealth({ db: t.db }, t.clock.now());
    const body = (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })).json();
    const card = body.websiteStatus.find((c: { domain: string }) => c.domain === 'new.example');
    expect(card).toMatchObject({ uptime: '66.67%', responseTime: 200, uptimeSince: first.toISOString() });
    // A check measured over the whole 30 days states no "since".
    const old = body.websiteStatus.find((c: { domain: string }) => c.domain === 'down.example');
    expect(old).toMatchObject({ uptime: '90.00%', uptimeSince: null });
  });
});
