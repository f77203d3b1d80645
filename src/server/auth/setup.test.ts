import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../../test/support/app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const account = { username: 'owner', email: 'owner@agency.test', password: 'first password' };
const setup = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/setup', payload });

describe('first-run setup', () => {
  it('creates the first account with the printed token and signs it in, once', async () => {
    const token = (await t.services.setup.prepare(t.db))!;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needed: true });
    const res = await setup({ token, ...account });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'owner', email: 'owner@agency.test' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookieHeader(res) },
    });
    expect(me.json().username).toBe('owner');

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needed: false });
    const again = await setup({ token, ...account, username: 'intruder', email: 'x@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('setup_done');
  });

  it('refuses a wrong token and creates nothing', async () => {
    await t.services.setup.prepare(t.db);
    const res = await setup({ token: 'guessed', ...account });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/setup link is not valid/);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needed: true });
  });

  it('is closed when users already exist', async () => {
    await t.signIn();
    expect(await t.services.setup.prepare(t.db)).toBeUndefined();
    expect((await setup({ token: 'anything', ...account })).statusCode).toBe(409);
  });

  it('validates the new account like any other', async () => {
    const token = (await t.services.setup.prepare(t.db))!;
    const res = await setup({ token, username: 'ow', email: 'nope', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['email', 'password', 'username']);
  });
});
