import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, limitedPerson, type TestApp } from '../../../test/support/app';
import { checks, clients, websites } from '../db/schema';
import { websitesInMaintenance } from './coverage';

// A Staff member or Viewer limited to chosen clients sees only their clients' parts of a maintenance
// window, ends only windows that cover nothing else, and cannot tell another client's website, check,
// client or server from one that does not exist.
let t: TestApp;
let owner: string;
let staff: string;
let viewer: string;
const ids = {
  alpha: 0,
  bravo: 0,
  alphaSite: 0,
  bravoSite: 0,
  bravoElsewhere: 0,
  looseSite: 0,
  alphaCheck: 0,
  bravoCheck: 0,
  agencyCheck: 0,
};
/** Alpha's website and one of Bravo's share this server; the other server holds none of Alpha's. */
const SHARED_SERVER = '41001';
const BRAVO_SERVER = '41002';
const BRAVO = /bravo/i;

type Method = 'GET' | 'POST' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const person = (username: string, role: 'staff' | 'viewer', clientIds: number[]) =>
  limitedPerson(t, owner, username, role, clientIds);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn();
  const [alpha, bravo] = await t.db
    .insert(clients)
    .values([{ name: 'Alpha Dental' }, { name: 'Bravo Bakery' }])
    .returning();
  ids.alpha = alpha!.id;
  ids.bravo = bravo!.id;
  const site = (domain: string, clientId: number | null, serverId: string) => ({
    name: domain,
    domain,
    integrationProvider: 'gridpane',
    status: 'active',
    environment: 'production',
    serverId,
    clientId,
  });
  const made = await t.db
    .insert(websites)
    .values([
      site('alpha.example', ids.alpha, SHARED_SERVER),
      site('bravo.example', ids.bravo, SHARED_SERVER),
      site('bravo-two.example', ids.bravo, BRAVO_SERVER),
      site('loose.example', null, BRAVO_SERVER),
    ])
    .returning();
  const [alphaSite, bravoSite, bravoElsewhere, looseSite] = made.map((w) => w.id);
  Object.assign(ids, { alphaSite, bravoSite, bravoElsewhere, looseSite });
  const check = (name: string, websiteId: number | null) => ({
    name,
    url: `https://${name}`,
    intervalSeconds: 60,
    timeoutSeconds: 10,
    expectedStatus: '200-399',
    confirmations: 2,
    websiteId,
  });
  const madeChecks = await t.db
    .insert(checks)
    .values([
      check('alpha.example', ids.alphaSite),
      check('bravo.example', ids.bravoSite),
      check('agency.example', null),
    ])
    .returning();
  const [alphaCheck, bravoCheck, agencyCheck] = madeChecks.map((c) => c.id);
  Object.assign(ids, { alphaCheck, bravoCheck, agencyCheck });
  staff = await person('freelancer', 'staff', [ids.alpha]);
  viewer = await person('manager', 'viewer', [ids.alpha]);
});
afterAll(() => t.close());

/** A window the Owner starts now, for an hour. */
async function ownersWindow(targets: object): Promise<number> {
  const res = await call(owner, 'POST', '/api/maintenance', { ...targets, durationMinutes: 60 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const listed = async (cookie: string, query = '') => {
  const res = await call(cookie, 'GET', `/api/maintenance?state=current${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; [key: string]: unknown }[];
};
const limited = [
  ['staff', () => staff],
  ['viewer', () => viewer],
] as const;

describe('maintenance windows, to a person limited to chosen clients', () => {
  it.each(limited)(
    '(%s) shows only their parts of a window that also covers other clients',
    async (_who, as) => {
      const mixed = await ownersWindow({
        websiteIds: [ids.bravoSite, ids.alphaSite, ids.bravoElsewhere],
        checkIds: [ids.bravoCheck, ids.alphaCheck, ids.agencyCheck],
        clientId: ids.bravo,
      });
      const bravoOnly = await ownersWindow({ clientId: ids.bravo, websiteIds: [ids.looseSite] });
      const ofServer = await ownersWindow({ serverId: SHARED_SERVER });
      const ofBravoServer = await ownersWindow({ serverId: BRAVO_SERVER });
      const windows = await listed(as());
      const seen = windows.map((w) => w.id);
      expect(seen).toContain(mixed);
      expect(seen).toContain(ofServer);
      expect(seen).not.toContain(bravoOnly);
      expect(seen).not.toContain(ofBravoServer);
      const mine = windows.find((w) => w.id === mixed)!;
      expect(mine).toMatchObject({
        websiteIds: [ids.alphaSite],
        checkIds: [ids.alphaCheck],
        clientId: null,
        serverId: null,
        covers: {
          client: null,
          server: null,
          websites: [{ id: ids.alphaSite, domain: 'alpha.example' }],
          websiteCount: 1,
          checks: [{ id: ids.alphaCheck, name: 'alpha.example' }],
          checkCount: 1,
        },
      });
      expect(windows.find((w) => w.id === ofServer)).toMatchObject({
        serverId: SHARED_SERVER,
        websiteIds: [],
        checkIds: [],
        clientId: null,
      });
      expect(JSON.stringify(windows)).not.toMatch(BRAVO);
      for (const w of windows) {
        expect((w.websiteIds as number[]).filter((id) => id !== ids.alphaSite)).toEqual([]);
        expect((w.checkIds as number[]).filter((id) => id !== ids.alphaCheck)).toEqual([]);
        expect([null, ids.alpha]).toContain(w.clientId);
        expect([null, SHARED_SERVER]).toContain(w.serverId);
      }
      // The Owner still sees the whole of each.
      const whole = (await listed(owner)).find((w) => w.id === mixed)!;
      expect(whole).toMatchObject({ clientId: ids.bravo, covers: { websiteCount: 3, checkCount: 3 } });
      for (const id of [mixed, bravoOnly, ofServer, ofBravoServer])
        expect((await call(owner, 'DELETE', `/api/maintenance/${id}`)).statusCode).toBe(204);
    },
  );

  it('(staff) cannot end a window that also covers other clients, and other clients stay in maintenance', async () => {
    const mixed = await ownersWindow({ websiteIds: [ids.alphaSite, ids.bravoSite] });
    const ofServer = await ownersWindow({ serverId: SHARED_SERVER });
    const checksOnly = await ownersWindow({ checkIds: [ids.alphaCheck, ids.agencyCheck] });
    for (const id of [mixed, ofServer, checksOnly]) {
      const res = await call(staff, 'DELETE', `/api/maintenance/${id}`);
      expect(res.statusCode, `window ${id}`).toBe(403);
      expect(res.json()).toEqual({
        code: 'forbidden',
        message:
          'This maintenance window also covers websites of clients you do not manage; ask an Admin or someone who manages them to change it.',
      });
    }
    const still = await websitesInMaintenance({ db: t.db }, [ids.bravoSite], t.clock.now());
    expect([...still]).toEqual([ids.bravoSite]);
    expect((await listed(owner)).map((w) => w.id)).toEqual(
      expect.arrayContaining([mixed, ofServer, checksOnly]),
    );
    for (const id of [mixed, ofServer, checksOnly])
      expect((await call(owner, 'DELETE', `/api/maintenance/${id}`)).statusCode).toBe(204);
  });

  it("(staff) ends a window of their own client's parts only; another client's window is not found", async () => {
    const own = await ownersWindow({
      websiteIds: [ids.alphaSite],
      checkIds: [ids.alphaCheck],
      clientId: ids.alpha,
    });
    expect((await call(staff, 'DELETE', `/api/maintenance/${own}`)).statusCode).toBe(204);
    expect((await listed(owner)).map((w) => w.id)).not.toContain(own);
    const bravos = await ownersWindow({ clientId: ids.bravo });
    const hidden = await call(staff, 'DELETE', `/api/maintenance/${bravos}`);
    const missing = await call(staff, 'DELETE', '/api/maintenance/999999');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect((await call(owner, 'DELETE', `/api/maintenance/${bravos}`)).statusCode).toBe(204);
  });

  it('(viewer) cannot end any window', async () => {
    const own = await ownersWindow({ websiteIds: [ids.alphaSite] });
    expect((await call(viewer, 'DELETE', `/api/maintenance/${own}`)).statusCode).toBe(403);
    expect((await listed(owner)).map((w) => w.id)).toContain(own);
    expect((await call(owner, 'DELETE', `/api/maintenance/${own}`)).statusCode).toBe(204);
  });

  it.each(limited)(
    "(%s) filtering by another client's website, check, client or server answers as for a missing one",
    async (_who, as) => {
      await ownersWindow({
        websiteIds: [ids.alphaSite, ids.bravoSite],
        clientId: ids.bravo,
        serverId: BRAVO_SERVER,
      });
      for (const [theirs, missing] of [
        [`websiteId=${ids.bravoSite}`, 'websiteId=999999'],
        [`websiteId=${ids.looseSite}`, 'websiteId=999999'],
        [`checkId=${ids.bravoCheck}`, 'checkId=999999'],
        [`checkId=${ids.agencyCheck}`, 'checkId=999999'],
        [`clientId=${ids.bravo}`, 'clientId=999999'],
        [`serverId=${BRAVO_SERVER}`, 'serverId=999999'],
      ]) {
        const other = await call(as(), 'GET', `/api/maintenance?${theirs}`);
        const none = await call(as(), 'GET', `/api/maintenance?${missing}`);
        expect({ status: other.statusCode, body: other.body }, theirs).toEqual({
          status: none.statusCode,
          body: none.body,
        });
      }
      expect((await call(as(), 'GET', `/api/maintenance?websiteId=${ids.bravoSite}`)).statusCode).toBe(404);
      // Their own website's windows are still found, and show only their parts.
      const own = (await call(as(), 'GET', `/api/maintenance?websiteId=${ids.alphaSite}`)).json().data;
      expect(own.length).toBeGreaterThan(0);
      expect(JSON.stringify(own)).not.toMatch(BRAVO);
      const shared = (await call(as(), 'GET', `/api/maintenance?serverId=${SHARED_SERVER}`)).json().data;
      expect(shared.map((w: { websiteIds: number[] }) => w.websiteIds)).toContainEqual([ids.alphaSite]);
    },
  );

  it('(staff) naming another client’s website, check or client in a new window answers as for a missing one', async () => {
    const sameAnswer = async (field: string, theirs: unknown, missing: unknown) => {
      const other = await call(staff, 'POST', '/api/maintenance', { [field]: theirs, durationMinutes: 30 });
      const none = await call(staff, 'POST', '/api/maintenance', { [field]: missing, durationMinutes: 30 });
      expect(other.statusCode, field).toBe(none.statusCode);
      const unnamed = (body: string, id: unknown) => body.replaceAll(String(id).replace(/[[\]]/g, ''), '#');
      expect(unnamed(other.body, theirs), field).toBe(unnamed(none.body, missing));
    };
    await sameAnswer('websiteIds', [ids.bravoSite], [999_999]);
    await sameAnswer('websiteIds', [ids.looseSite], [999_999]);
    await sameAnswer('checkIds', [ids.bravoCheck], [999_999]);
    await sameAnswer('checkIds', [ids.agencyCheck], [999_999]);
    await sameAnswer('clientId', ids.bravo, 999_999);
    await sameAnswer('serverId', BRAVO_SERVER, '999999');
  });
});
