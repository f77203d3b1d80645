import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

// The resource-tag routes through their first registered resource, clients.
let t: TestApp;
let cookie: string;
let clientId: number;
let urgent: { id: number; name: string; color: string };
let alpha: { id: number; name: string; color: string };
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload }).then((r) => r.json());
  clientId = (await post('/api/clients', { name: 'Client' })).id;
  urgent = await post('/api/tags', { name: 'Urgent', color: '#ef4444' });
  alpha = await post('/api/tags', { name: 'alpha' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const tagsUrl = (id: number | string = clientId) => `/api/clients/${id}/tags`;

describe('/api/clients/{id}/tags', () => {
  it('starts empty, then adds tags (201 with the list by name) and adding twice is a harmless 200', async () => {
    expect((await call('GET', tagsUrl())).json()).toEqual([]);
    const first = await call('POST', tagsUrl(), { tagId: urgent.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual([urgent]);
    const second = await call('POST', tagsUrl(), { tagId: alpha.id });
    expect(second.json()).toEqual([alpha, urgent]);
    const again = await call('POST', tagsUrl(), { tagId: urgent.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([alpha, urgent]);
    expect((await call('GET', tagsUrl())).json()).toEqual([alpha, urgent]);
  });

  it('removes a tag with 204; removing one that is not assigned is harmless', async () => {
    await call('POST', tagsUrl(), { tagId: alpha.id });
    expect((await call('DELETE', `${tagsUrl()}/${alpha.id}`)).statusCode).toBe(204);
    expect((await call('GET', tagsUrl())).json()).not.toContainEqual(alpha);
    expect((await call('DELETE', `${tagsUrl()}/${alpha.id}`)).statusCode).toBe(204);
  });

  it('answers 404 for an unknown client or tag', async () => {
    const noClient = await call('GET', tagsUrl(999999));
    expect(noClient.statusCode).toBe(404);
    expect(noClient.json().message).toBe('Client not found');
    expect((await call('POST', tagsUrl(999999), { tagId: urgent.id })).json().message).toBe(
      'Client not found',
    );
    expect((await call('DELETE', `${tagsUrl(999999)}/${urgent.id}`)).statusCode).toBe(404);
    const noTag = await call('POST', tagsUrl(), { tagId: 999999 });
    expect(noTag.statusCode).toBe(404);
    expect(noTag.json()).toEqual({ message: 'Tag not found', code: 'not_found' });
    expect((await call('DELETE', `${tagsUrl()}/999999`)).json().message).toBe('Tag not found');
  });

  it('answers 400 for a malformed id or body', async () => {
    expect((await call('GET', tagsUrl('abc'))).statusCode).toBe(400);
    expect((await call('DELETE', `${tagsUrl()}/abc`)).json().fieldErrors).toEqual({
      tagId: ['The id must be a positive whole number'],
    });
    for (const body of [{}, { tagId: 'one' }, { tagId: 1.5 }, { tagId: 0 }, { tagId: 1, extra: true }]) {
      const res = await call('POST', tagsUrl(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });
});
