import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { sha256 } from '../core/tokens';
import { activity, apiTokens } from '../db/schema';

let t: TestApp;
let cookie: string;
let otherCookie: string;
const mallory = { username: 'mallory', email: 'mallory@example.com', password: 'mallory pass' };
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  otherCookie = await t.signIn({
    username: 'mallory',
    email: 'mallory@example.com',
    password: 'mallory pass',
  });
});
afterAll(() => t.close());

const create = (payload: object, c = cookie) =>
  t.app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie: c }, payload });
async function newToken(name = 'CI script', expiresInDays: number | null = 30) {
  const res = await create({ name, expiresInDays });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; token: string; expiresAt: string | null };
}
const bearer = (
  token: string,
  method: 'GET' | 'POST' | 'DELETE' = 'GET',
  url = '/api/clients',
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

describe('POST /api/tokens', () => {
  it('creates a token shown once, of at least 128 random bits, stored only as its hash', async () => {
    const before = t.clock.now().getTime();
    const created = await newToken('Deploy bot', 90);
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Deploy bot',
      token: expect.any(String),
      expiresAt: expect.any(String),
      readOnly: false, // unless asked
    });
    expect(created.token).toMatch(/^ahp_[A-Za-z0-9_-]{43}$/); // 32 bytes of base64url: 256 bits
    expect(Date.parse(created.expiresAt!) - before).toBeGreaterThanOrEqual(90 * 86_400_000);
    expect(Date.parse(created.expiresAt!) - before).toBeLessThan(90 * 86_400_000 + 60_000);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const [logged] = await t.db.select().from(activity).where(eq(activity.action, 'token.created'));
    expect(logged!.message).toBe('alice created the API token "Deploy bot"');
  });

  it('can make a token that never expires', async () => {
    expect((await newToken('Forever', null)).expiresAt).toBeNull();
  });

  it('refuses a bad name or an expiry other than 30, 90, 365 days or none (a past one included)', async () => {
    for (const expiresInDays of [0, -1, -30, 7, 1000, '30', 30.5]) {
      const res = await create({ name: 'x', expiresInDays });
      expect(res.statusCode, String(expiresInDays)).toBe(400);
      expect(res.json().fieldErrors.expiresInDays).toEqual([
        'Choose an expiry of 30, 90 or 365 days, or none',
      ]);
    }
    const noName = await create({ name: '  ', expiresInDays: 30 });
    expect(noName.json().fieldErrors).toEqual({ name: ['Give the token a name, e.g. what will use it'] });
    expect((await create({ name: 'a', expiresInDays: 30, token: 'mine' })).statusCode).toBe(400);
    expect((await create({ name: 'a' })).statusCode).toBe(400);
  });
});

describe('GET /api/tokens', () => {
  it('lists your tokens with last use, never the secret, and not those of others', async () => {
    const mine = await newToken('Listed');
    const theirs = await create({ name: 'Theirs', expiresInDays: null }, otherCookie);
    const res = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const listed = res.json() as Record<string, unknown>[];
    expect(listed.find((x) => x.id === mine.id)).toEqual({
      id: mine.id,
      name: 'Listed',
      createdAt: expect.any(String),
      expiresAt: mine.expiresAt,
      lastUsedAt: null,
      readOnly: false,
    });
    expect(listed.some((x) => x.name === 'Theirs')).toBe(false);
    expect(res.body).not.toContain(mine.token);
    expect(res.body).not.toContain(sha256(mine.token));
    expect(res.body).not.toContain(theirs.json().token);
  });
});

describe('Authorization: Bearer', () => {
  it('acts as its owner on the API, with no CSRF check (a script sends no Origin)', async () => {
    const { token } = await newToken();
    const list = await bearer(token);
    expect(list.statusCode).toBe(200);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
      },
      payload: JSON.stringify({ name: 'Made by a script' }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const [logged] = await t.db.select().from(activity).where(eq(activity.action, 'client.created'));
    expect(logged!.message).toMatch(/^alice /);
  });

  it('updates last used at most once a minute', async () => {
    const { id, token } = await newToken('Counter');
    const lastUsed = async () =>
      (await t.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!.lastUsedAt;
    await bearer(token);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    t.clock.advance(20_000);
    await bearer(token);
    expect(await lastUsed()).toEqual(first);
    t.clock.advance(41_000);
    await bearer(token);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it('answers wrong, expired and revoked tokens alike with 401, saying not which', async () => {
    const expiring = await newToken('Short', 30);
    const revoked = await newToken('Revoked', null);
    expect((await bearer(revoked.token)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${revoked.id}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(204);
    const [logged] = await t.db.select().from(activity).where(eq(activity.action, 'token.revoked'));
    expect(logged!.message).toBe('alice revoked the API token "Revoked"');
    t.clock.advance(30 * 86_400_000 + 1000);
    // Browser sessions end after 12 hours: sign in again for what follows.
    cookie = await t.signIn();
    otherCookie = await t.signIn(mallory);
    const answers = await Promise.all(
      [expiring.token, revoked.token, `ahp_${'x'.repeat(43)}`, 'not-even-a-token', ''].map((tok) =>
        bearer(tok),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'This API token is not valid: it may be wrong, expired or revoked.',
        code: 'invalid_token',
      });
    }
    // The cookie is never a fallback for a bad token.
    const both = await t.app.inject({
      method: 'GET',
      url: '/api/clients',
      headers: { cookie, authorization: 'Bearer nope' },
    });
    expect(both.statusCode).toBe(401);
    // An expired token is no longer listed.
    const listed = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
    expect(listed.json().some((x: { id: number }) => x.id === expiring.id)).toBe(false);
  });

  it('never works on the sign-in and account routes', async () => {
    const { token } = await newToken('Sneaky', null);
    const attempts = [
      bearer(token, 'POST', '/api/auth/login', { username: 'alice', password: 'correct horse' }),
      bearer(token, 'GET', '/api/auth/me'),
      bearer(token, 'GET', '/api/auth/sessions'),
      bearer(token, 'POST', '/api/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyyyy' }),
      bearer(token, 'POST', '/api/auth/logout-all'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/cannot be used on the sign-in and account routes/);
      expect(res.cookies).toEqual([]);
    }
  });

  it('cannot create or revoke tokens, nor add or remove team members (a session can)', async () => {
    const { id, token } = await newToken('Minter', null);
    const attempts = [
      [
        bearer(token, 'POST', '/api/tokens', { name: 'child', expiresInDays: null }),
        /create or revoke API tokens/,
      ],
      [bearer(token, 'DELETE', `/api/tokens/${id}`), /create or revoke API tokens/],
      [
        bearer(token, 'POST', '/api/users', {
          username: 'mallory',
          email: 'm@evil.example',
          password: 'long enough pw',
        }),
        /add, change or remove team members/,
      ],
      [bearer(token, 'DELETE', '/api/users/1'), /add, change or remove team members/],
    ] as const;
    for (const [sent, message] of attempts) {
      const res = await sent;
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'token_not_allowed',
        message: expect.stringMatching(message),
      });
    }
    // Reading stays open to tokens; the token still works, and no user was added.
    const team = await bearer(token, 'GET', '/api/users');
    expect(team.statusCode).toBe(200);
    expect(team.json().some((u: { username: string }) => u.username === 'eve')).toBe(false);
  });

  it("leaves other schemes alone: a proxy's Basic auth is not a token", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/clients',
      headers: { cookie, authorization: 'Basic YTpi' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('DELETE /api/tokens/:id', () => {
  it("answers 404 for another user's token, which keeps working", async () => {
    const theirs = (await create({ name: 'Theirs', expiresInDays: null }, otherCookie)).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${theirs.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(404);
    expect((await bearer(theirs.token)).statusCode).toBe(200);
  });
});

describe('read-only tokens', () => {
  it('read everything their owner can, and are refused every change with a 403 that says why', async () => {
    const res = await create({ name: 'Dashboard screen', expiresInDays: null, readOnly: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Dashboard screen', readOnly: true });
    const { token } = res.json();
    expect((await bearer(token, 'GET', '/api/clients')).statusCode).toBe(200);
    const write = await bearer(token, 'POST', '/api/clients', { name: 'Nope' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toMatch(/^This API token is read-only/);
    const list = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
    expect(list.json().find((x: { name: string }) => x.name === 'Dashboard screen')).toMatchObject({
      readOnly: true,
    });
    const bad = await create({ name: 'Odd', expiresInDays: null, readOnly: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.readOnly).toEqual(['readOnly must be true or false']);
  });
});
