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
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: 'bob',
      email: 'bob@example.com',
      role: 'staff', // unless another role is chosen
      twoFactor: false,
      lastSignInAt: null,
      clientIds: null, // every client unless limited
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'bob', password: 'hunter22' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().username).toBe('bob');
    // The Team page says when each person last signed in.
    const listed = (await list()).json().find((u: { username: string }) => u.username === 'bob');
    expect(listed.lastSignInAt).toBe(t.clock.now().toISOString());
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

  it('validates with the messages of the shared schemas', async () => {
    const res = await create({ username: 'ab', email: 'nope', password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      username: ['Username must be at least 3 characters'],
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 6 characters'],
    });
    for (const body of [{}, { ...bob, username: 'carol', email: 'c@example.com', role: 'root' }]) {
      expect((await create(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET /api/users', () => {
  it('lists users by id with id, username, email, role and 2FA only', async () => {
    await create({ username: 'dave', email: 'dave@example.com', password: 'secret123' });
    const res = await list();
    expect(res.statusCode).toBe(200);
    const users = res.json() as Record<string, unknown>[];
    expect(users.map((u) => u.username)).toEqual(['alice', 'bob', 'dave']);
    for (const u of users)
      expect(Object.keys(u).sort()).toEqual([
        'clientIds',
        'email',
        'id',
        'lastSignInAt',
        'role',
        'twoFactor',
        'username',
      ]);
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

describe('sessions end with the account or on request', () => {
  it('removing a colleague signs them out everywhere and frees their tasks', async () => {
    const t2 = await createTestApp();
    try {
      const admin = await t2.signIn();
      const bob = { username: 'bobremoved', email: 'bobremoved@example.com', password: 'bob password' };
      const created = await t2.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: admin },
        payload: { ...bob, role: 'admin' }, // may remove colleagues, but not himself
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

describe('roles', () => {
  const patch = (id: number, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers, payload });
  const person = async (username: string, role: 'viewer' | 'staff' | 'admin' | 'owner') => {
    const res = await create({ username, email: `${username}@example.com`, password: 'secret123', role });
    expect(res.statusCode, res.body).toBe(201);
    const session = await t.signIn({ username, email: `${username}@example.com`, password: 'secret123' });
    return { id: res.json().id as number, cookie: session };
  };

  it('an Admin changes a colleague’s role, but cannot grant or touch ownership', async () => {
    const admin = await person('ada', 'admin');
    const sam = await person('sam', 'staff');
    const made = await patch(sam.id, { role: 'viewer' }, { cookie: admin.cookie });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ username: 'sam', role: 'viewer' });
    // A Viewer now: refused a write, with the role it needs named.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { cookie: sam.cookie },
      payload: { name: 'Nope' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(
      'This needs the Staff role or higher; your role is Viewer. Ask an Admin of your agency.',
    );
    for (const [id, role] of [
      [sam.id, 'owner'],
      [1, 'staff'],
    ] as const) {
      const res = await patch(id, { role }, { cookie: admin.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only an Owner can make someone an Owner or change an Owner.');
    }
    const self = await patch(admin.id, { role: 'owner' }, { cookie: admin.cookie });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toMatch(/cannot change your own role/);
    const invalid = await patch(sam.id, { role: 'root' }, { cookie: admin.cookie });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.role).toEqual(['role must be one of viewer, staff, admin, owner']);
  });

  it('the Owner hands ownership over, and the agency always keeps one Owner', async () => {
    const owner = { cookie }; // alice, the first account
    const alone = await patch(1, { role: 'admin' }, owner);
    expect(alone.statusCode).toBe(403);
    expect(alone.json().message).toMatch(/needs an Owner: make someone else Owner/);
    const heir = await person('heir', 'admin');
    expect((await patch(heir.id, { role: 'owner' }, owner)).json().role).toBe('owner');
    const stepDown = await patch(1, { role: 'admin' }, owner);
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json().role).toBe('admin');
    // Alice is an Admin now: she cannot take ownership back.
    expect((await patch(heir.id, { role: 'admin' }, owner)).statusCode).toBe(403);
    expect((await patch(1, { role: 'owner' }, { cookie: heir.cookie })).statusCode).toBe(200);
  });
});

describe('limited to chosen clients', () => {
  const patch = (id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { cookie }, payload });
  const client = async (name: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/api/clients', headers: { cookie }, payload: { name } })
    ).json().id as number;

  it('takes the clients at creation and later, empty meaning every client, and checks each one', async () => {
    const [a, b] = [await client('Scope A'), await client('Scope B')];
    const made = await create({
      username: 'freelancer',
      email: 'freelancer@example.com',
      password: 'secret123',
      clientIds: [b, a, b],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().clientIds).toEqual([a, b].sort((x, y) => x - y));
    const id = made.json().id as number;
    expect((await patch(id, { clientIds: [a] })).json()).toMatchObject({ role: 'staff', clientIds: [a] });
    expect((await patch(id, { clientIds: [] })).json().clientIds).toBeNull();
    expect((await patch(id, { clientIds: [a], role: 'viewer' })).json()).toMatchObject({
      role: 'viewer',
      clientIds: [a],
    });
    const unknown = await patch(id, { clientIds: [a, 999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ clientIds: ['Unknown client id: 999999'] });
    // Made an Admin, the limit goes: Admins see every client, and cannot be limited.
    expect((await patch(id, { role: 'admin' })).json()).toMatchObject({ role: 'admin', clientIds: null });
    const admin = await patch(id, { clientIds: [a] });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe(
      'Only Staff members and Viewers can be limited to chosen clients; Admins and Owners see every client.',
    );
    const bad = await create({
      username: 'x1x',
      email: 'x1x@example.com',
      password: 'secret123',
      clientIds: 'a',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.clientIds).toEqual(['clientIds is a list of client ids']);
  });
});
