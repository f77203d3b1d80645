import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBetterUptime } from '../../../test/fakes/betteruptime';
import { cookieHeader, createTestApp, type TestApp } from '../../../test/support/app';
import { createUser } from '../users/service';

let t: TestApp;
let alice: string;
let bob: string;
let uptime: Awaited<ReturnType<typeof startFakeBetterUptime>>;

beforeAll(async () => {
  uptime = await startFakeBetterUptime({
    sites: ['https://one.example', 'https://two.example', 'https://three.example'],
    seed: 2,
    // All up at first: a monitor already down when first synced opens an incident (and tells everyone).
    statuses: Object.fromEntries(
      ['one.example', 'two.example', 'three.example', 'status.acme-agency.com', 'mail.acme-agency.com'].map(
        (d) => [d, 'up' as const],
      ),
    ),
  });
  t = await createTestApp();
  alice = await t.signIn();
  await createUser(t.services, { username: 'bob', email: 'bob@example.com', password: 'bob password' });
  bob = cookieHeader(
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'bob', password: 'bob password' },
    }),
  );
});
afterAll(async () => {
  await t.close();
  await uptime.close();
});

const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const refreshMonitors = async () => {
  const res = await as(alice, 'GET', '/api/monitors?refresh=true');
  expect(res.statusCode).toBe(200);
  await t.services.jobs.idle();
};

describe('notifications', () => {
  it('a monitor going down gives each user one notification, not one per refresh', async () => {
    await as(alice, 'POST', '/api/integrations/betteruptime', {
      apiToken: uptime.token,
      baseUrl: uptime.url,
    });
    await t.services.jobs.idle();
    const up = uptime.monitors.find((m) => String(m.attributes.url).includes('one.example'))!;
    expect(up.attributes.status).toBe('up');
    uptime.setStatus(up.id, 'down');
    await refreshMonitors();
    await refreshMonitors();
    await refreshMonitors();
    const name = String(up.attributes.pronounceable_name);
    for (const cookie of [alice, bob]) {
      const list = (await as(cookie, 'GET', '/api/notifications')).json();
      const down = list.data.filter((n: { title: string }) => n.title === `${name} is down`);
      expect(down).toHaveLength(1);
      expect(down[0]).toMatchObject({
        type: 'warning',
        link: expect.stringMatching(/^\/incidents\?focus=\d+$/),
        read: false,
      });
      expect(list.unreadCount).toBeGreaterThanOrEqual(1);
    }
    uptime.setStatus(up.id, 'up');
    await refreshMonitors();
    const titles = (await as(alice, 'GET', '/api/notifications'))
      .json()
      .data.map((n: { title: string }) => n.title);
    expect(titles.filter((x: string) => x === `${name} is back up`)).toHaveLength(1);
  });

  it('marks read by id (only your own) or all at once', async () => {
    const before = (await as(alice, 'GET', '/api/notifications')).json();
    const first = before.data[0];
    const bobs = (await as(bob, 'GET', '/api/notifications')).json();
    const res = await as(alice, 'POST', '/api/notifications/read', { ids: [first.id, bobs.data[0].id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unreadCount: before.unreadCount - 1 });
    expect((await as(bob, 'GET', '/api/notifications')).json().unreadCount).toBe(bobs.unreadCount);
    const all = await as(alice, 'POST', '/api/notifications/read', { all: true });
    expect(all.json().unreadCount).toBe(0);
    expect((await as(alice, 'POST', '/api/notifications/read', { ids: [] })).statusCode).toBe(400);
    expect((await as(alice, 'POST', '/api/notifications/read', { all: false })).statusCode).toBe(400);
  });

  it('a provider that starts failing is announced once, and its recovery once', async () => {
    uptime.setFailure('unauthorized');
    await refreshMonitors();
    await refreshMonitors();
    uptime.setFailure(null);
    await refreshMonitors();
    const titles = (await as(bob, 'GET', '/api/notifications'))
      .json()
      .data.map((n: { title: string }) => n.title);
    expect(titles.filter((x: string) => x === 'Better Uptime sync failed')).toHaveLength(1);
    expect(titles.filter((x: string) => x === 'Better Uptime sync recovered')).toHaveLength(1);
  });
});

describe('activity', () => {
  it('records staff actions with who did them, newest first, paged', async () => {
    await as(alice, 'POST', '/api/clients', { name: 'Acme Dental' });
    const tag = (await as(alice, 'POST', '/api/tags', { name: 'VIP' })).json();
    const client = (await as(alice, 'GET', '/api/clients')).json()[0];
    await as(alice, 'POST', `/api/clients/${client.id}/tags`, { tagId: tag.id });
    const page = (await as(alice, 'GET', '/api/activity?limit=3')).json();
    expect(page.data.map((a: { message: string }) => a.message)).toEqual([
      'alice tagged client Acme Dental with VIP',
      'alice created tag VIP',
      'alice added client Acme Dental',
    ]);
    expect(page.data[0].actor.username).toBe('alice');
    const next = (await as(alice, 'GET', `/api/activity?limit=3&before=${page.nextBefore}`)).json();
    expect(next.data[0].id).toBeLessThan(page.data[2].id);
    const all = (await as(alice, 'GET', '/api/activity?limit=100')).json().data;
    for (const action of [
      'monitor.down',
      'monitor.up',
      'sync.failed',
      'sync.recovered',
      'integration.saved',
    ]) {
      expect(
        all.filter((a: { action: string }) => a.action === action),
        action,
      ).toHaveLength(1);
    }
    expect((await as(alice, 'GET', '/api/activity?limit=1000')).statusCode).toBe(400);
  });
});
