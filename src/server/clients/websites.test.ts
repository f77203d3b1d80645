import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { checkResults, checks, providerRecords, websiteFacts, websites } from '../db/schema';
import { listColumns } from '../provider-cache/columns';
import { refreshHealth } from '../websites/read-model';

// A website belongs to at most one client; the client page lists each with how it is watched,
// its 30-day figures, versions and server.
let t: TestApp;
let cookie: string;
let dental: number;
let bakery: number;
const site: Record<string, number> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const newClient = async (name: string) => (await call('POST', '/api/clients', { name })).json().id as number;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  dental = await newClient('Dental Co');
  bakery = await newClient('Bakery');
  for (const domain of ['dental.example', 'dental-shop.example', 'bakery.example', 'spare.example']) {
    const [w] = await t.db
      .insert(websites)
      .values({
        name: domain,
        domain,
        integrationProvider: 'gridpane',
        providerSiteId: String(Object.keys(site).length + 1),
        serverId: '77',
        status: 'active',
        environment: 'production',
      })
      .returning();
    site[domain] = w!.id;
  }
  const at = t.clock.now();
  const shopMonitor = {
    id: '900',
    attributes: { url: 'https://www.dental-shop.example/', pronounceable_name: 'Shop', status: 'up' },
  };
  await t.db.insert(providerRecords).values([
    {
      provider: 'gridpane',
      kind: 'servers',
      externalId: '77',
      data: { id: 77, label: 'web-77' },
      syncedAt: at,
    },
    {
      provider: 'betteruptime',
      kind: 'monitors',
      externalId: '900',
      data: shopMonitor,
      syncedAt: at,
      ...listColumns({ provider: 'betteruptime', kind: 'monitors' }, shopMonitor),
    },
    {
      provider: 'betteruptime',
      kind: 'figures',
      externalId: '900',
      data: { uptime: 99.5, avgResponseMs: 321, at: at.toISOString() },
      syncedAt: at,
    },
  ]);
  await t.db.insert(websiteFacts).values({
    websiteId: site['dental.example']!,
    hostPhp: '8.1',
    php: '8.1.27',
    wordpressVersion: '6.4.3',
    snapshotOk: true,
  });
  const [c] = await t.db
    .insert(checks)
    .values({
      name: 'Dental home',
      url: 'https://dental.example',
      intervalSeconds: 60,
      timeoutSeconds: 10,
      expectedStatus: '200-399',
      confirmations: 2,
      websiteId: site['dental.example']!,
      status: 'up',
    })
    .returning();
  // 4 results in the last 30 days, one failed: 75 %.
  const now = t.clock.now().getTime();
  await t.db.insert(checkResults).values(
    [0, 1, 2, 3].map((i) => ({
      checkId: c!.id,
      dueAt: new Date(now - (i + 1) * 3_600_000),
      lagMs: 1,
      ok: i !== 2,
      responseMs: i === 2 ? null : 100 * (i + 1),
      statusCode: i === 2 ? 500 : 200,
    })),
  );
});
afterAll(() => t.close());

describe('GET /api/clients/{id}', () => {
  it('answers one client with its tags, 404 for an unknown one and 400 for a bad id', async () => {
    const res = await call('GET', `/api/clients/${dental}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: dental, name: 'Dental Co', tags: [] });
    expect((await call('GET', '/api/clients/99999')).statusCode).toBe(404);
    expect((await call('GET', '/api/clients/abc')).statusCode).toBe(400);
  });
});

describe('client ↔ websites', () => {
  it('assigns websites in bulk and lists them with monitoring, figures, versions and server', async () => {
    const res = await call('POST', `/api/clients/${dental}/websites`, {
      websiteIds: [site['dental.example'], site['dental-shop.example']],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ assigned: 2 });
    const list = (await call('GET', `/api/clients/${dental}/websites`)).json();
    const notChecked = {
      checked: false,
      reason: 'HD Snapshot has not been read on this site yet',
      severity: null,
      open: 0,
      warnings: [],
    };
    expect(list).toEqual([
      {
        id: site['dental-shop.example'],
        name: 'dental-shop.example',
        domain: 'dental-shop.example',
        status: 'active',
        environment: 'production',
        removed: false,
        serverId: '77',
        serverLabel: 'web-77',
        health: { state: 'up', source: 'betteruptime', since: null },
        monitoring: {
          source: 'monitor',
          id: '900',
          name: 'Shop',
          status: 'up',
          uptime: 99.5,
          // The monitor does not say when it was made: its figure covers the whole 30 days.
          measuredFrom: new Date(t.clock.now().getTime() - 30 * 86_400_000).toISOString(),
          responseMs: 321,
        },
        wordpressVersion: null,
        phpVersion: null,
        risk: notChecked,
      },
      {
        id: site['dental.example'],
        name: 'dental.example',
        domain: 'dental.example',
        status: 'active',
        environment: 'production',
        removed: false,
        serverId: '77',
        serverLabel: 'web-77',
        health: { state: 'up', source: 'check', since: null },
        monitoring: {
          source: 'check',
          id: expect.any(String),
          name: 'Dental home',
          status: 'up',
          uptime: 75,
          measuredFrom: expect.any(String),
          responseMs: Math.round((100 + 200 + 400) / 3),
        },
        wordpressVersion: '6.4.3',
        phpVersion: '8.1.27',
        // Its plugins were never listed: not checked, never read as safe.
        risk: notChecked,
      },
    ]);
  });

  it("counts each client's websites and those down now by the kept health, in the list and the page", async () => {
    const counts = async () => {
      const all = (await call('GET', '/api/clients')).json() as { id: number; websites: unknown }[];
      const page = (await call('GET', '/api/clients?page=1&sort=company')).json() as {
        data: { id: number; websites: unknown }[];
      };
      const one = (await call('GET', `/api/clients/${dental}`)).json() as { websites: unknown };
      const listed = all.find((c) => c.id === dental)?.websites;
      expect(page.data.find((c) => c.id === dental)?.websites).toEqual(listed);
      expect(one.websites).toEqual(listed);
      return { dental: listed, bakery: all.find((c) => c.id === bakery)?.websites };
    };
    expect(await counts()).toEqual({ dental: { total: 2, down: 0 }, bakery: { total: 0, down: 0 } });
    // The site's check fails: its kept health turns down (the owner's refresh, as a check result does).
    await t.db.update(checks).set({ status: 'down' }).where(eq(checks.websiteId, site['dental.example']!));
    await refreshHealth({ db: t.db }, t.clock.now(), [site['dental.example']!]);
    expect(await counts()).toEqual({ dental: { total: 2, down: 1 }, bakery: { total: 0, down: 0 } });
    await t.db.update(checks).set({ status: 'up' }).where(eq(checks.websiteId, site['dental.example']!));
    await refreshHealth({ db: t.db }, t.clock.now(), [site['dental.example']!]);
    expect(await counts()).toEqual({ dental: { total: 2, down: 0 }, bakery: { total: 0, down: 0 } });
  });

  it('finds websites for the picker by domain, prefix matches first, with their client', async () => {
    const res = await call('GET', '/api/websites/options?q=DENTAL');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: site['dental-shop.example'],
          domain: 'dental-shop.example',
          client: { id: dental, name: 'Dental Co' },
        },
        { id: site['dental.example'], domain: 'dental.example', client: { id: dental, name: 'Dental Co' } },
      ],
      total: 2,
    });
    const one = (await call('GET', '/api/websites/options?limit=1')).json();
    expect(one.data).toHaveLength(1);
    expect(one.total).toBe(4);
    expect((await call('GET', '/api/websites/options?q=%25')).json().total).toBe(0); // "%" is a character here
    expect((await call('GET', '/api/websites/options?limit=0')).statusCode).toBe(400);
  });

  it('never gives a website two clients: assigning it elsewhere moves it', async () => {
    const res = await call('PUT', `/api/websites/${site['dental-shop.example']}/client`, {
      clientId: bakery,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      websiteId: site['dental-shop.example'],
      client: { id: bakery, name: 'Bakery' },
    });
    const dentalSites = (await call('GET', `/api/clients/${dental}/websites`)).json();
    expect(dentalSites.map((w: { domain: string }) => w.domain)).toEqual(['dental.example']);
    const bakerySites = (await call('GET', `/api/clients/${bakery}/websites`)).json();
    expect(bakerySites.map((w: { domain: string }) => w.domain)).toEqual(['dental-shop.example']);
    expect((await call('GET', `/api/websites/${site['dental-shop.example']}`)).json().clientId).toBe(bakery);
  });

  it('clears the client with null', async () => {
    await call('PUT', `/api/websites/${site['spare.example']}/client`, { clientId: bakery });
    const res = await call('PUT', `/api/websites/${site['spare.example']}/client`, { clientId: null });
    expect(res.json()).toEqual({ websiteId: site['spare.example'], client: null });
    expect((await call('GET', `/api/websites/${site['spare.example']}`)).json().clientId).toBeNull();
  });

  it('refuses unknown websites and clients with a clear error, changing nothing', async () => {
    const unknownSite = await call('POST', `/api/clients/${bakery}/websites`, {
      websiteIds: [site['bakery.example'], 424242],
    });
    expect(unknownSite.statusCode).toBe(400);
    expect(unknownSite.json().fieldErrors.websiteIds[0]).toContain('424242');
    const [row] = await t.db.select().from(websites).where(eq(websites.id, site['bakery.example']!));
    expect(row!.clientId).toBeNull();

    const unknownClient = await call('PUT', `/api/websites/${site['bakery.example']}/client`, {
      clientId: 99999,
    });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.json().fieldErrors.clientId).toEqual(['No client with this id']);
    expect((await call('PUT', '/api/websites/99999/client', { clientId: bakery })).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/clients/99999/websites', { websiteIds: [site['bakery.example']] }))
        .statusCode,
    ).toBe(404);
    const empty = await call('POST', `/api/clients/${bakery}/websites`, { websiteIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.websiteIds).toEqual(['Choose at least one website']);
    expect(
      (await call('PUT', `/api/websites/${site['bakery.example']}/client`, { clientId: 'x' })).statusCode,
    ).toBe(400);
  });

  it("lists what happened to the client and its sites in the client's activity", async () => {
    const res = await call('GET', `/api/activity?clientId=${bakery}`);
    const messages = res.json().data.map((a: { message: string }) => a.message);
    expect(messages).toContain('alice gave dental-shop.example to Bakery');
    expect(messages).toContain('Alice added client Bakery'.replace('Alice', 'alice'));
    expect(messages.join('\n')).not.toContain('Dental Co');
  });

  it("lists what happened to one website on its page, and its client's page lists it too", async () => {
    const tag = (await call('POST', '/api/tags', { name: 'Priority', color: '#ef4444' })).json();
    const shop = site['dental-shop.example']!;
    expect((await call('POST', `/api/websites/${shop}/tags`, { tagId: tag.id })).statusCode).toBe(201);
    expect(
      (await call('POST', `/api/websites/${site['spare.example']}/tags`, { tagId: tag.id })).statusCode,
    ).toBe(201);
    const ofShop = (await call('GET', `/api/activity?websiteId=${shop}`)).json().data;
    const messages = ofShop.map((a: { message: string }) => a.message);
    expect(messages).toContain('alice tagged website dental-shop.example with Priority');
    expect(messages).toContain('alice gave dental-shop.example to Bakery');
    expect(messages.join('\n')).not.toContain('spare.example');
    const ofClient = (await call('GET', `/api/activity?clientId=${bakery}`)).json().data;
    expect(ofClient.map((a: { message: string }) => a.message)).toContain(
      'alice tagged website dental-shop.example with Priority',
    );
    expect((await call('GET', '/api/activity?websiteId=shop')).statusCode).toBe(400);
  });

  it('deleting a client unlinks its websites and keeps them', async () => {
    expect((await call('DELETE', `/api/clients/${dental}`)).statusCode).toBe(204);
    const [row] = await t.db.select().from(websites).where(eq(websites.id, site['dental.example']!));
    expect(row).toMatchObject({ domain: 'dental.example', clientId: null, removed: false });
    expect((await call('GET', `/api/clients/${dental}/websites`)).statusCode).toBe(404);
  });
});
