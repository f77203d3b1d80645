import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../../test/support/app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(() => t.close());

const list = (headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'GET', url: '/api/users', headers });
const create = (payload: Record<string, unknown>, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'POST', url: '/api/users', headers, payload });
const bob = { username: 'bob', email: 'bob@example.com', password: 'hunter22' };

describe('POST /api/users', () => {
  it('creates a user (201, no secrets) who can then sign in', async () => {
    const res = await create(bob);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), username: 'bob', email: 'bob@example.com' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'bob', password: 'hunter22' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().username).toBe('bob');
  });

  it('refuses a taken username or email in any case with 409 naming the clash', async () => {
    const name = await create({ ...bob, username: 'BOB', email: 'other@example.com' });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({
      message: 'The username "BOB" is already taken',
      code: 'conflict',
      fieldErrors: { username: ['This username is already taken'] },
    });
    const mail = await create({ ...bob, username: 'robert', email: 'BOB@example.com' });
    expect(mail.statusCode).toBe(409);
    expect(mail.json().fieldErrors).toEqual({ email: ['This email already belongs to another user'] });
  });

  it('validates with the spec messages', async () => {
    const res = await create({ username: 'ab', email: 'nope', password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      username: ['Username must be at least 3 characters'],
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 6 characters'],
    });
    for (const body of [{}, { ...bob, username: 'carol', email: 'c@example.com', role: 'admin' }]) {
      expect((await create(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET /api/users', () => {
  it('lists users by id with id, username and email only', async () => {
    await create({ username: 'dave', email: 'dave@example.com', password: 'secret123' });
    const res = await list();
    expect(res.statusCode).toBe(200);
    const users = res.json() as Record<string, unknown>[];
    expect(users.map((u) => u.username)).toEqual(['alice', 'bob', 'dave']);
    for (const u of users) expect(Object.keys(u).sort()).toEqual(['email', 'id', 'username']);
    expect(res.body).not.toMatch(/password|hash|argon/i);
  });
});

describe('signed out', () => {
  it('answers 401 and creates nobody', async () => {
    expect((await list({})).statusCode).toBe(401);
    const res = await create({ username: 'mallory', email: 'm@example.com', password: 'secret123' }, {});
    expect(res.statusCode).toBe(401);
    expect((await list()).json().map((u: { username: string }) => u.username)).not.toContain('mallory');
  });
});

describe('S4: sessions end with the account or on request', () => {
  it('removing a colleague signs them out everywhere and frees their tasks', async () => {
    const t2 = await createTestApp();
    try {
      const admin = await t2.signIn();
      const bob = { username: 'bobremoved', email: 'bobremoved@example.com', password: 'bob password' };
      const created = await t2.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: admin },
        payload: bob,
      });
      const bobId = created.json().id;
      const login = (rememberMe: boolean) =>
        t2.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: bob.username, password: bob.password, rememberMe },
        });
      const phone = cookieHeader(await login(true));
      const laptop = cookieHeader(await login(false));
      const task = await t2.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: { cookie: admin },
        payload: { title: 'Bob’s task', assigneeId: bobId },
      });
      expect(task.statusCode).toBe(201);

      const self = await t2.app.inject({
        method: 'DELETE',
        url: `/api/users/${bobId}`,
        headers: { cookie: phone },
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toMatch(/cannot remove your own account/);

      const res = await t2.app.inject({
        method: 'DELETE',
        url: `/api/users/${bobId}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(204);
      for (const cookie of [phone, laptop]) {
        expect(
          (await t2.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode,
        ).toBe(401);
      }
      expect((await login(false)).statusCode).toBe(401);
      const tasks = (
        await t2.app.inject({ method: 'GET', url: '/api/tasks', headers: { cookie: admin } })
      ).json();
      expect(tasks[0].assignee).toBeNull();
      expect(
        (await t2.app.inject({ method: 'DELETE', url: `/api/users/${bobId}`, headers: { cookie: admin } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await t2.close();
    }
  });

  it('"sign out everywhere" ends every session of that user, and only theirs', async () => {
    const t2 = await createTestApp();
    try {
      const a1 = await t2.signIn();
      const a2 = await t2.signIn();
      const other = await t2.signIn({
        username: 'carol',
        email: 'carol@example.com',
        password: 'carol password',
      });
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/auth/logout-all',
        headers: { cookie: a1 },
      });
      expect(res.statusCode).toBe(200);
      for (const cookie of [a1, a2]) {
        expect(
          (await t2.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode,
        ).toBe(401);
      }
      expect(
        (await t2.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other } })).statusCode,
      ).toBe(200);
      expect((await t2.app.inject({ method: 'POST', url: '/api/auth/logout-all' })).statusCode).toBe(401);
    } finally {
      await t2.close();
    }
  });
});
