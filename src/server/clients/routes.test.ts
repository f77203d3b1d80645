import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { clientTags } from '../db/schema';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, signedIn = true) =>
  t.app.inject({
    method,
    url,
    headers: signedIn ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const create = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/api/clients', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const full = {
  name: 'Ada Lovelace',
  jobTitle: 'CTO',
  company: 'Analytical Engines',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  notes: 'Prefers email',
  status: 'inactive',
};

describe('POST /api/clients', () => {
  it('creates a client with every field and answers with it (no tags yet)', async () => {
    const c = await create(full);
    expect(c).toEqual({
      id: expect.any(Number),
      ...full,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      tags: [],
      websites: { total: 0, down: 0 },
    });
    expect(new Date(c.createdAt).toISOString()).toBe(c.createdAt);
  });

  it('trims text, stores blank or null optional fields as null, defaults status to active', async () => {
    const c = await create({
      name: '  Bob  ',
      jobTitle: '',
      company: null,
      email: '  ',
      phone: ' ',
      notes: '',
    });
    expect(c).toMatchObject({
      name: 'Bob',
      jobTitle: null,
      company: null,
      email: null,
      phone: null,
      notes: null,
      status: 'active',
    });
  });

  it('rejects a missing or blank name with the shared schema message', async () => {
    for (const body of [{}, { name: '   ' }, { name: null }]) {
      const res = await call('POST', '/api/clients', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_input',
        fieldErrors: { name: ['Name is required'] },
      });
    }
  });

  it('rejects a bad email, an unknown status, over-long fields and unknown keys', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ status: 'deleted' }, 'status', 'Status must be one of: active, inactive, archived'],
      [{ name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
      [{ jobTitle: 'x'.repeat(201) }, 'jobTitle', 'Job title must be at most 200 characters'],
      [{ company: 'x'.repeat(201) }, 'company', 'Company must be at most 200 characters'],
      [{ email: `${'x'.repeat(250)}@a.co` }, 'email', 'Email must be at most 254 characters'],
      [{ phone: '1'.repeat(51) }, 'phone', 'Phone must be at most 50 characters'],
      [{ notes: 'x'.repeat(5001) }, 'notes', 'Notes must be at most 5000 characters'],
      [{ phone: 42 }, 'phone', 'Phone must be text'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call('POST', '/api/clients', { name: 'Valid', ...patch });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([message]);
    }
    const extra = await call('POST', '/api/clients', { name: 'Valid', isVip: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/isVip/);
  });

  it('writes nothing when the input is invalid', async () => {
    const before = (await call('GET', '/api/clients')).json().length;
    await call('POST', '/api/clients', { name: 'Nope', status: 'bogus' });
    expect((await call('GET', '/api/clients')).json()).toHaveLength(before);
  });
});

describe('GET /api/clients', () => {
  it('lists clients by name regardless of case, each with its tags', async () => {
    const c = await create({ name: 'aaron' });
    await create({ name: 'Zed' });
    const tag = (await call('POST', '/api/tags', { name: 'VIP', color: '#ff0000' })).json();
    expect((await call('POST', `/api/clients/${c.id}/tags`, { tagId: tag.id })).statusCode).toBe(201);

    const list = (await call('GET', '/api/clients')).json() as { name: string; tags: unknown[] }[];
    const names = list.map((x) => x.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(list.find((x) => x.name === 'aaron')!.tags).toEqual([
      { id: tag.id, name: 'VIP', color: '#ff0000' },
    ]);
    expect(list.find((x) => x.name === 'Zed')!.tags).toEqual([]);
  });
});

describe('GET /api/clients?sort=company', () => {
  it('orders by company regardless of case, those without one last in either direction', async () => {
    await create({ name: 'Sorter One', company: 'beta sorting' });
    await create({ name: 'Sorter Two', company: 'Alpha sorting' });
    await create({ name: 'Sorter Three' });
    await create({ name: 'Sorter Four', company: 'Gamma sorting' });
    const names = async (sort: string) =>
      (
        (await call('GET', `/api/clients?page=1&q=sorter&sort=${sort}`)).json().data as { name: string }[]
      ).map((c) => c.name);
    expect(await names('company')).toEqual(['Sorter Two', 'Sorter One', 'Sorter Four', 'Sorter Three']);
    expect(await names('-company')).toEqual(['Sorter Four', 'Sorter One', 'Sorter Two', 'Sorter Three']);
  });
});

describe('PUT /api/clients/{id}', () => {
  it('replaces every field, keeps the tags and moves updatedAt', async () => {
    const c = await create({ name: 'Old', email: 'old@example.com', status: 'archived' });
    const tag = (await call('POST', '/api/tags', { name: 'Keep' })).json();
    await call('POST', `/api/clients/${c.id}/tags`, { tagId: tag.id });
    const res = await call('PUT', `/api/clients/${c.id}`, { ...full, name: 'New', notes: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, ...full, name: 'New', notes: null, tags: [tag] });
    expect(res.json().createdAt).toBe(c.createdAt);
    expect(res.json().updatedAt >= c.updatedAt).toBe(true);
  });

  it('validates like POST and changes nothing on failure', async () => {
    const c = await create({ name: 'Stay' });
    const res = await call('PUT', `/api/clients/${c.id}`, { name: '', email: 'bad' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      name: ['Name is required'],
      email: ['Please enter a valid email address'],
    });
    expect((await call('GET', '/api/clients')).json().find((x: { id: number }) => x.id === c.id).name).toBe(
      'Stay',
    );
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await call('PUT', '/api/clients/999999', { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Client not found', code: 'not_found' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const bad = await call('PUT', `/api/clients/${id}`, { name: 'X' });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().fieldErrors).toEqual({ id: ['The id must be a positive whole number'] });
    }
  });
});

describe('DELETE /api/clients/{id}', () => {
  it('deletes the client and its tag assignments, and answers 404 the second time', async () => {
    const c = await create({ name: 'Gone' });
    const tag = (await call('POST', '/api/tags', { name: 'Temp' })).json();
    await call('POST', `/api/clients/${c.id}/tags`, { tagId: tag.id });
    const res = await call('DELETE', `/api/clients/${c.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.select().from(clientTags).where(eq(clientTags.clientId, c.id))).toEqual([]);
    // The tag itself stays.
    expect((await call('GET', '/api/tags')).json()).toContainEqual(tag);
    expect((await call('DELETE', `/api/clients/${c.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/clients/nope')).statusCode).toBe(400);
  });
});

describe('signed out', () => {
  it('answers 401 on every client route', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/clients'],
      ['POST', '/api/clients', { name: 'X' }],
      ['PUT', '/api/clients/1', { name: 'X' }],
      ['DELETE', '/api/clients/1'],
    ] as [Method, string, unknown?][]) {
      const res = await call(method, url, body, false);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });
});
