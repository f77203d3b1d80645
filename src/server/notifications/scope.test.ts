import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { clients, notifications, websites } from '../db/schema';
import { notifyTeam } from './service';

// The bell follows a person's client limit when it is read, not only when an entry is written: someone
// limited after the news came reads, counts and marks only the entries about their clients' websites.
let t: TestApp;
let owner: string;
const people = {
  staff: { id: 0, cookie: '' },
  viewer: { id: 0, cookie: '' },
};
const ids = { alpha: 0, bravo: 0, alphaSite: 0, bravoSite: 0 };
const TITLES = {
  alpha: 'alpha.example is down',
  bravo: 'bravo.example is down',
  agency: 'Better Uptime sync failed',
};

type Method = 'GET' | 'POST' | 'PATCH';
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn();
  const [alpha, bravo] = await t.db
    .insert(clients)
    .values([{ name: 'Alpha Dental' }, { name: 'Bravo Bakery' }])
    .returning();
  ids.alpha = alpha!.id;
  ids.bravo = bravo!.id;
  const site = (domain: string, clientId: number) => ({
    name: domain,
    domain,
    integrationProvider: 'gridpane',
    status: 'active',
    environment: 'production',
    clientId,
  });
  const made = await t.db
    .insert(websites)
    .values([site('alpha.example', ids.alpha), site('bravo.example', ids.bravo)])
    .returning();
  const [alphaSite, bravoSite] = made.map((w) => w.id);
  Object.assign(ids, { alphaSite, bravoSite });
  // Both start with every client, so each is told everything.
  for (const [username, role] of [
    ['freelancer', 'staff'],
    ['manager', 'viewer'],
  ] as const) {
    const account = { username, email: `${username}@example.com`, password: 'secret123' };
    const res = await call(owner, 'POST', '/api/users', { ...account, role });
    expect(res.statusCode, res.body).toBe(201);
    people[role] = { id: res.json().id, cookie: await t.signIn(account) };
  }
  const news = (title: string, websiteIds?: number[]) =>
    notifyTeam(
      t.services,
      { type: 'warning', title, message: 'HTTP 503', link: null, websiteIds },
      t.clock.now(),
    );
  await news(TITLES.bravo, [ids.bravoSite]);
  await news(TITLES.alpha, [ids.alphaSite]);
  await news(TITLES.agency);
});
afterAll(() => t.close());

const titles = async (cookie: string) => {
  const res = await call(cookie, 'GET', '/api/notifications');
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: number; title: string; read: boolean }[]; unreadCount: number };
};
const entryOf = async (userId: number, title: string) => {
  const [row] = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
  return row!;
};
const limitTo = async (userId: number, clientIds: number[]) => {
  const res = await call(owner, 'PATCH', `/api/users/${userId}`, { clientIds });
  expect(res.statusCode, res.body).toBe(200);
};

describe.each(['staff', 'viewer'] as const)('the bell of a %s limited after the news came', (role) => {
  it('lists and counts only the entries about their clients’ websites', async () => {
    const { id, cookie } = people[role];
    expect((await titles(cookie)).data.map((n) => n.title).sort()).toEqual(Object.values(TITLES).sort());
    await limitTo(id, [ids.alpha]);
    const bell = await titles(cookie);
    expect(bell.data.map((n) => n.title)).toEqual([TITLES.alpha]);
    expect(bell.unreadCount).toBe(1);
    expect(JSON.stringify(bell)).not.toMatch(/bravo|sync failed/i);
  });

  it('marks read neither by id nor all at once an entry they no longer see, nor counts it', async () => {
    const { id, cookie } = people[role];
    const hidden = await entryOf(id, TITLES.bravo);
    const byId = await call(cookie, 'POST', '/api/notifications/read', { ids: [hidden.id] });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ updated: 0, unreadCount: 1 });
    const all = await call(cookie, 'POST', '/api/notifications/read', { all: true });
    expect(all.json()).toEqual({ updated: 1, unreadCount: 0 });
    expect((await entryOf(id, TITLES.bravo)).readAt).toBeNull();
    expect((await entryOf(id, TITLES.agency)).readAt).toBeNull();
    expect((await entryOf(id, TITLES.alpha)).readAt).not.toBeNull();
    // Given every client again, the entries they could not see are there, still unread.
    await limitTo(id, []);
    const bell = await titles(cookie);
    expect(bell.unreadCount).toBe(2);
    expect(
      bell.data
        .filter((n) => !n.read)
        .map((n) => n.title)
        .sort(),
    ).toEqual([TITLES.agency, TITLES.bravo].sort());
  });
});
