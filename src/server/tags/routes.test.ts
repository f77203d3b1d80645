import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

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
const createTag = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/api/tags', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; color: string };
};

describe('POST /api/tags', () => {
  it('creates a tag with a colour, or the default colour when only a name is sent', async () => {
    expect(await createTag({ name: ' Urgent ', color: '#FF0000' })).toEqual({
      id: expect.any(Number),
      name: 'Urgent',
      color: '#ff0000',
    });
    expect((await createTag({ name: 'Quick' })).color).toBe('#3b82f6');
  });

  it('refuses a name already taken in any case with 409 naming the clash', async () => {
    await createTag({ name: 'Taken' });
    const res = await call('POST', '/api/tags', { name: 'TAKEN' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'A tag named "Taken" already exists',
      code: 'conflict',
      fieldErrors: { name: ['A tag with this name already exists'] },
    });
  });

  it('gives one 201 and one 409 when two requests race for a name', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/api/tags', { name: 'Race' }),
      call('POST', '/api/tags', { name: 'race' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('rejects a blank, missing or over-long name, a bad colour and unknown keys', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'name', 'Name is required'],
      [{ name: '  ' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(51) }, 'name', 'Name must be at most 50 characters'],
      [{ name: 'Red', color: 'red' }, 'color', 'Colour must be a hex value such as #3b82f6'],
      [{ name: 'Red', color: '#12345' }, 'color', 'Colour must be a hex value such as #3b82f6'],
      [{ name: 'Red', color: 123 }, 'color', 'Colour must be a hex value such as #3b82f6'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/tags', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([message]);
    }
    expect((await call('POST', '/api/tags', { name: 'X', extra: 1 })).statusCode).toBe(400);
  });
});

describe('GET /api/tags', () => {
  it('lists tags by name regardless of case', async () => {
    await createTag({ name: 'beta' });
    await createTag({ name: 'Alpha' });
    await createTag({ name: 'Gamma' });
    const names = ((await call('GET', '/api/tags')).json() as { name: string }[]).map((x) => x.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names.indexOf('Alpha')).toBeLessThan(names.indexOf('beta'));
  });
});

describe('PUT /api/tags/{id}', () => {
  it('renames and recolours; without a colour the tag keeps its own', async () => {
    const tag = await createTag({ name: 'Old name', color: '#00ff00' });
    const res = await call('PUT', `/api/tags/${tag.id}`, { name: 'New name', color: '#0000ff' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: tag.id, name: 'New name', color: '#0000ff' });
    const renamed = await call('PUT', `/api/tags/${tag.id}`, { name: 'NEW NAME' });
    expect(renamed.json()).toEqual({ id: tag.id, name: 'NEW NAME', color: '#0000ff' });
  });

  it('refuses the name of another tag with 409 and leaves the tag as it was', async () => {
    await createTag({ name: 'First' });
    const second = await createTag({ name: 'Second' });
    const res = await call('PUT', `/api/tags/${second.id}`, { name: 'first', color: '#000000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A tag named "First" already exists');
    expect((await call('GET', '/api/tags')).json()).toContainEqual(second);
  });

  it('answers 400 for bad input or a malformed id, 404 for an unknown id', async () => {
    const tag = await createTag({ name: 'Valid' });
    expect((await call('PUT', `/api/tags/${tag.id}`, { name: '' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/tags/${tag.id}`, { name: 'V', color: 'blue' })).statusCode).toBe(400);
    const bad = await call('PUT', '/api/tags/abc', { name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ id: ['The id must be a positive whole number'] });
    const missing = await call('PUT', '/api/tags/999999', { name: 'Valid' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Tag not found', code: 'not_found' });
  });
});

describe('DELETE /api/tags/{id}', () => {
  it('deletes the tag and takes it off every client', async () => {
    const tag = await createTag({ name: 'Doomed' });
    const keep = await createTag({ name: 'Kept' });
    const client = (await call('POST', '/api/clients', { name: 'Tagged' })).json();
    await call('POST', `/api/clients/${client.id}/tags`, { tagId: tag.id });
    await call('POST', `/api/clients/${client.id}/tags`, { tagId: keep.id });

    const res = await call('DELETE', `/api/tags/${tag.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/api/clients/${client.id}/tags`)).json()).toEqual([keep]);
    expect((await call('GET', '/api/tags')).json()).not.toContainEqual(tag);
    expect((await call('DELETE', `/api/tags/${tag.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/tags/x')).statusCode).toBe(400);
  });
});

describe('signed out', () => {
  it('answers 401 on every tag route', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/tags'],
      ['POST', '/api/tags', { name: 'X' }],
      ['PUT', '/api/tags/1', { name: 'X' }],
      ['DELETE', '/api/tags/1'],
      ['GET', '/api/clients/1/tags'],
      ['POST', '/api/clients/1/tags', { tagId: 1 }],
      ['DELETE', '/api/clients/1/tags/1'],
    ] as [Method, string, unknown?][]) {
      const res = await call(method, url, body, false);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
