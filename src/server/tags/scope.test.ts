import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, limitedPerson, type TestApp } from '../../../test/support/app';
import { clients, clientTags, tags, websites, websiteTags } from '../db/schema';

// A tag is one for every client: a Staff member limited to chosen clients changes only a tag no other
// client (nor a website outside their clients) carries, and still tags their own clients with any.
let t: TestApp;
let owner: string;
let staff: string;
let viewer: string;
const ids = { alpha: 0, bravo: 0, alphaSite: 0, bravoSite: 0, looseSite: 0 };
const tag = { shared: 0, onBravoSite: 0, onLooseSite: 0, alphaOnly: 0, unused: 0 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
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
  const site = (domain: string, clientId: number | null) => ({
    name: domain,
    domain,
    integrationProvider: 'gridpane',
    status: 'active',
    environment: 'production',
    clientId,
  });
  const made = await t.db
    .insert(websites)
    .values([site('alpha.example', ids.alpha), site('bravo.example', ids.bravo), site('loose.example', null)])
    .returning();
  const [alphaSite, bravoSite, looseSite] = made.map((w) => w.id);
  Object.assign(ids, { alphaSite, bravoSite, looseSite });
  const now = t.clock.now();
  const madeTags = await t.db
    .insert(tags)
    .values(
      ['VIP', 'Bakery site', 'Unassigned site', 'Dental', 'Spare'].map((name) => ({
        name,
        color: '#3b82f6',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  const [shared, onBravoSite, onLooseSite, alphaOnly, unused] = madeTags.map((x) => x.id);
  Object.assign(tag, { shared, onBravoSite, onLooseSite, alphaOnly, unused });
  await t.db.insert(clientTags).values([
    { clientId: ids.alpha, tagId: tag.shared },
    { clientId: ids.bravo, tagId: tag.shared },
    { clientId: ids.alpha, tagId: tag.alphaOnly },
  ]);
  await t.db.insert(websiteTags).values([
    { websiteId: ids.alphaSite, tagId: tag.onBravoSite },
    { websiteId: ids.bravoSite, tagId: tag.onBravoSite },
    { websiteId: ids.looseSite, tagId: tag.onLooseSite },
    { websiteId: ids.alphaSite, tagId: tag.alphaOnly },
  ]);
  staff = await person('freelancer', 'staff', [ids.alpha]);
  viewer = await person('manager', 'viewer', [ids.alpha]);
});
afterAll(() => t.close());

const names = async () =>
  Object.fromEntries(
    ((await call(owner, 'GET', '/api/tags')).json() as { id: number; name: string }[]).map((x) => [
      x.id,
      x.name,
    ]),
  );

describe('PUT /api/tags/{id} by a person limited to chosen clients', () => {
  it.each([
    ['a client of theirs and another client', () => tag.shared],
    ["a website of theirs and another client's website", () => tag.onBravoSite],
    ['a website of no client', () => tag.onLooseSite],
  ])('(staff) refuses a tag also on %s with 403, and the tag stays as it was', async (_what, id) => {
    const before = await names();
    for (const body of [{ name: 'Renamed' }, { name: before[id()], color: '#000000' }]) {
      const res = await call(staff, 'PUT', `/api/tags/${id()}`, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        code: 'forbidden',
        message:
          'Websites or clients you do not manage use this tag too, and a change to it would change it for them; ask an Admin or someone who manages them to change it, or make a tag of your own.',
      });
    }
    expect(await names()).toEqual(before);
    const tagged = (await call(owner, 'GET', '/api/tags')).json().find((x: { id: number }) => x.id === id());
    expect(tagged.color).toBe('#3b82f6');
  });

  it('(viewer) cannot change a tag at all', async () => {
    for (const id of [tag.shared, tag.alphaOnly]) {
      const res = await call(viewer, 'PUT', `/api/tags/${id}`, { name: 'Renamed' });
      expect(res.statusCode).toBe(403);
    }
    expect((await names())[tag.alphaOnly]).toBe('Dental');
  });

  it('(staff) renames and recolours a tag only their clients carry, or none; an unknown tag is 404', async () => {
    const mine = await call(staff, 'PUT', `/api/tags/${tag.alphaOnly}`, {
      name: 'Dentistry',
      color: '#10b981',
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ id: tag.alphaOnly, name: 'Dentistry', color: '#10b981' });
    expect((await call(staff, 'PUT', `/api/tags/${tag.unused}`, { name: 'Spare one' })).statusCode).toBe(200);
    const missing = await call(staff, 'PUT', '/api/tags/999999', { name: 'Spare two' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Tag not found', code: 'not_found' });
  });

  it('(staff) still tags their own clients and websites with a shared tag', async () => {
    expect((await call(staff, 'DELETE', `/api/clients/${ids.alpha}/tags/${tag.shared}`)).statusCode).toBe(
      204,
    );
    const again = await call(staff, 'POST', `/api/clients/${ids.alpha}/tags`, { tagId: tag.shared });
    expect(again.statusCode).toBe(201);
    const onSite = await call(staff, 'POST', `/api/websites/${ids.alphaSite}/tags`, {
      tagId: tag.onLooseSite,
    });
    expect(onSite.statusCode).toBe(201);
    // Their own tags are theirs to read, for Staff and Viewer alike.
    for (const cookie of [staff, viewer])
      expect(
        (await call(cookie, 'GET', `/api/clients/${ids.alpha}/tags`))
          .json()
          .map((x: { name: string }) => x.name),
      ).toContain('VIP');
  });

  it('lets the Owner (not limited) rename a tag every client uses', async () => {
    const res = await call(owner, 'PUT', `/api/tags/${tag.shared}`, { name: 'Key account' });
    expect(res.statusCode).toBe(200);
  });
});
