import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { checks, clients, providerRecords, websites } from '../db/schema';
import { checksInMaintenance } from './coverage';

let t: TestApp;
let cookie: string;
let ids: { check: number; other: number; site: number; client: number };
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const [client] = await t.db.insert(clients).values({ name: 'Dental Co' }).returning();
  const [site] = await t.db
    .insert(websites)
    .values({
      name: 's',
      domain: 's.example',
      integrationProvider: 'gridpane',
      status: 'active',
      environment: 'production',
      serverId: '33001',
      clientId: client!.id,
    })
    .returning();
  const base = { intervalSeconds: 60, timeoutSeconds: 10, expectedStatus: '200-399', confirmations: 2 };
  const [check] = await t.db
    .insert(checks)
    .values({ ...base, name: 'site', url: 'https://s.example', websiteId: site!.id })
    .returning();
  const [other] = await t.db
    .insert(checks)
    .values({ ...base, name: 'other', url: 'https://o.example' })
    .returning();
  ids = { check: check!.id, other: other!.id, site: site!.id, client: client!.id };
});
afterAll(() => t.close());
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('maintenance windows', () => {
  it('refuses windows that cover nothing, last no time, name unknown things or are already over', async () => {
    for (const [body, field] of [
      [{ durationMinutes: 30 }, 'checkIds'],
      [{ checkIds: [ids.check], durationMinutes: 0 }, 'durationMinutes'],
      [{ checkIds: [ids.check], durationMinutes: 30, repeat: 'daily' }, 'repeat'],
      [{ checkIds: [99_999], durationMinutes: 30 }, 'checkIds'],
      [{ websiteIds: [99_999], durationMinutes: 30 }, 'websiteIds'],
      [{ clientId: 99_999, durationMinutes: 30 }, 'clientId'],
      [{ serverId: 'prod-1', durationMinutes: 30 }, 'serverId'],
      [{ checkIds: [ids.check], durationMinutes: 30, startsAt: '2020-01-01T00:00:00Z' }, 'startsAt'],
      [{ checkIds: [ids.check], durationMinutes: 30, startsAt: 'tomorrow' }, 'startsAt'],
    ] as const) {
      const res = await api('POST', '/api/maintenance', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain(field);
    }
  });

  it.each([
    ['a check', () => ({ checkIds: [ids.check] })],
    ['a website', () => ({ websiteIds: [ids.site] })],
    ["a client's websites", () => ({ clientId: ids.client })],
    ["a server's websites", () => ({ serverId: '33001' })],
  ])('covers %s while on, and nothing else', async (_what, targets) => {
    const res = await api('POST', '/api/maintenance', { ...targets(), durationMinutes: 60 });
    expect(res.statusCode).toBe(201);
    const covered = await checksInMaintenance({ db: t.db }, [ids.check, ids.other], t.clock.now());
    expect([...covered]).toEqual([ids.check]);
    expect((await api('DELETE', `/api/maintenance/${res.json().id}`)).statusCode).toBe(204);
    expect((await checksInMaintenance({ db: t.db }, [ids.check], t.clock.now())).size).toBe(0);
  });

  it('lists current windows (on or coming) for a check, ends one early once, 404 for unknown', async () => {
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const scheduled = (
      await api('POST', '/api/maintenance', {
        websiteIds: [ids.site],
        startsAt: later,
        durationMinutes: 30,
        repeat: 'weekly',
        reason: 'Updates',
      })
    ).json();
    expect(scheduled).toMatchObject({
      state: 'scheduled',
      nextStartsAt: new Date(later).toISOString(),
      repeat: 'weekly',
    });
    const current = (await api('GET', `/api/maintenance?state=current&checkId=${ids.check}`)).json().data;
    expect(current.map((w: { id: number }) => w.id)).toEqual([scheduled.id]);
    expect((await api('GET', `/api/maintenance?checkId=${ids.other}&state=current`)).json().data).toEqual([]);
    expect((await api('DELETE', `/api/maintenance/${scheduled.id}`)).statusCode).toBe(204);
    const again = await api('DELETE', `/api/maintenance/${scheduled.id}`);
    expect(again.statusCode).toBe(409);
    expect((await api('DELETE', '/api/maintenance/99999')).statusCode).toBe(404);
    expect((await api('GET', '/api/maintenance?state=soon')).statusCode).toBe(400);
  });
});

const byNumber = (a: number, b: number) => a - b;
describe('maintenance windows of a client or a server', () => {
  it("lists a client's (or server's) own windows and those naming one of its websites, not others'", async () => {
    const made: number[] = [];
    const make = async (targets: object) => {
      const res = await api('POST', '/api/maintenance', { ...targets, durationMinutes: 30 });
      expect(res.statusCode).toBe(201);
      made.push(res.json().id);
      return res.json().id as number;
    };
    const ofClient = await make({ clientId: ids.client });
    const ofSite = await make({ websiteIds: [ids.site] });
    const ofServer = await make({ serverId: '33001' });
    const unrelated = await make({ checkIds: [ids.other] });
    const listed = async (query: string) =>
      (await api('GET', `/api/maintenance?state=current&${query}`))
        .json()
        .data.map((w: { id: number }) => w.id)
        .sort(byNumber);
    expect(await listed(`clientId=${ids.client}`)).toEqual([ofClient, ofSite].sort(byNumber));
    expect(await listed('serverId=33001')).toEqual([ofSite, ofServer].sort(byNumber));
    expect(await listed('serverId=99999')).toEqual([]);
    expect(await listed(`clientId=${ids.client + 1000}`)).toEqual([]);
    expect(made).toContain(unrelated);
    expect((await api('GET', '/api/maintenance?clientId=abc')).statusCode).toBe(400);
    for (const id of made) await api('DELETE', `/api/maintenance/${id}`);
  });
});

describe('what a window covers, by name', () => {
  it("names a server by GridPane's label, else its name", async () => {
    const server = (externalId: string, data: Record<string, unknown>) => ({
      provider: 'gridpane',
      kind: 'servers',
      externalId,
      data,
      syncedAt: t.clock.now(),
    });
    await t.db
      .insert(providerRecords)
      .values([
        server('33002', { label: 'prod-1', name: 'srv-a' }),
        server('33003', { label: '', name: 'srv-b' }),
      ]);
    for (const [id, label] of [
      ['33002', 'prod-1'],
      ['33003', 'srv-b'],
    ]) {
      const res = await api('POST', '/api/maintenance', { serverId: id, durationMinutes: 30 });
      expect(res.json().covers.server).toEqual({ id, label });
      await api('DELETE', `/api/maintenance/${res.json().id}`);
    }
  });

  it('names its client, server, first websites and checks, and counts them all', async () => {
    const base = { integrationProvider: 'gridpane', status: 'active', environment: 'production' } as const;
    const more = await t.db
      .insert(websites)
      .values([1, 2, 3].map((n) => ({ ...base, name: `m${n}`, domain: `m${n}.example` })))
      .returning();
    const siteIds = [ids.site, ...more.map((w) => w.id)];
    const created = await api('POST', '/api/maintenance', {
      websiteIds: siteIds,
      checkIds: [ids.check],
      clientId: ids.client,
      serverId: '33001',
      durationMinutes: 30,
    });
    expect(created.statusCode).toBe(201);
    const expected = {
      client: { id: ids.client, name: 'Dental Co' },
      server: { id: '33001', label: null },
      websites: [
        { id: ids.site, domain: 's.example' },
        { id: more[0]!.id, domain: 'm1.example' },
        { id: more[1]!.id, domain: 'm2.example' },
      ],
      websiteCount: 4,
      checks: [{ id: ids.check, name: 'site' }],
      checkCount: 1,
    };
    expect(created.json().covers).toEqual(expected);
    const listed = (await api('GET', '/api/maintenance?state=current')).json().data;
    expect(listed.find((w: { id: number }) => w.id === created.json().id).covers).toEqual(expected);
    await api('DELETE', `/api/maintenance/${created.json().id}`);
  });
});
