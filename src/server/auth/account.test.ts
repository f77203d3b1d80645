import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../../test/support/app';
import { activity, sessions } from '../db/schema';
import { emailChangedNotice } from './account';

let t: TestApp;
const carol = { username: 'carol', email: 'carol@example.com', password: 'carol password' };
const dave = { username: 'dave', email: 'dave@example.com', password: 'dave password' };
beforeAll(async () => {
  t = await createTestApp();
  await t.signIn(dave);
});
afterAll(() => t.close());

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
async function signIn(user: { username: string; password: string }, ua = firefox, ip = '198.51.100.7') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: user.username, password: user.password },
    headers: { 'user-agent': ua },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(res);
}
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, 'user-agent': firefox }, ...(payload ? { payload } : {}) });

describe('PATCH /api/auth/profile', () => {
  it('changes your username and email', async () => {
    const cookie = await t.signIn({ username: 'erin', email: 'erin@example.com', password: 'erin password' });
    const res = await call('PATCH', '/api/auth/profile', cookie, {
      username: 'erin2',
      email: 'ERIN2@example.com',
      currentPassword: 'erin password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: 'erin2',
      email: 'ERIN2@example.com',
      role: 'owner',
    });
    expect((await call('GET', '/api/auth/me', cookie)).json().username).toBe('erin2');
    // Keeping your own name (in another case) is not a clash.
    const same = await call('PATCH', '/api/auth/profile', cookie, {
      username: 'Erin2',
      email: 'erin2@example.com',
    });
    expect(same.statusCode).toBe(200);
  });

  it("answers 409 naming the field when it is someone else's, and 400 for bad input", async () => {
    const cookie = await t.signIn({
      username: 'frank',
      email: 'frank@example.com',
      password: 'frank password',
    });
    const name = await call('PATCH', '/api/auth/profile', cookie, {
      username: 'DAVE',
      email: 'frank@example.com',
    });
    expect(name.statusCode).toBe(409);
    expect(name.json().fieldErrors).toEqual({ username: ['This username is already taken'] });
    const mail = await call('PATCH', '/api/auth/profile', cookie, { username: 'frank', email: dave.email });
    expect(mail.statusCode).toBe(409);
    expect(mail.json().fieldErrors).toEqual({ email: ['This email already belongs to another user'] });
    const bad = await call('PATCH', '/api/auth/profile', cookie, { username: 'fr', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      username: ['Username must be at least 3 characters'],
      email: ['Please enter a valid email address'],
    });
    expect((await call('PATCH', '/api/auth/profile', cookie, { username: 'frank' })).statusCode).toBe(400);
  });
});

describe('changing your email', () => {
  it('tells the old address when, on the agency clock in words', () => {
    const clock = { now: () => new Date('2026-11-25T22:18:40Z') } as TestApp['clock'];
    const mail = emailChangedNotice(
      { id: 1, username: 'gina', email: 'gina@new.example', role: 'staff' },
      'gina@example.com',
      { clock, config: { appUrl: 'https://hub.example' } },
      { timeZone: 'Europe/Berlin' },
    );
    expect(mail.text).toContain('to gina@new.example on 25 Nov 2026, 23:18 (Europe/Berlin).');
  });

  it('needs your current password; a new name alone or the same address in other case does not', async () => {
    const cookie = await t.signIn({ username: 'gina', email: 'gina@example.com', password: 'gina password' });
    const change = (body: object) => call('PATCH', '/api/auth/profile', cookie, body);
    const missing = await change({ username: 'gina', email: 'attacker@evil.example' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({
      currentPassword: ['Enter your current password to change your email'],
    });
    const wrong = await change({
      username: 'gina',
      email: 'attacker@evil.example',
      currentPassword: 'guess',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: ['Your current password is not correct'] });
    expect((await call('GET', '/api/auth/me', cookie)).json().email).toBe('gina@example.com');
    expect((await change({ username: 'gina2', email: 'GINA@example.com' })).statusCode).toBe(200);
    const ok = await change({
      username: 'gina2',
      email: 'gina@new.example',
      currentPassword: 'gina password',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('gina@new.example');
  });

  it('mails the notice to the old address only, once, and only when the address really changed', async () => {
    const cookie = await t.signIn({ username: 'hank', email: 'hank@example.com', password: 'hank password' });
    // From an address of its own: the profile route's per-address limit is spent by the tests above.
    const change = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/auth/profile',
        headers: { cookie, 'user-agent': firefox },
        payload,
        remoteAddress: '198.51.100.80',
      });
    await t.services.jobs.idle();
    const before = t.outbox.length;
    // A new name, the same address in another case, and a refused change send nothing.
    expect((await change({ username: 'hank2', email: 'HANK@example.com' })).statusCode).toBe(200);
    expect(
      (await change({ username: 'hank2', email: 'x@evil.example', currentPassword: 'no' })).statusCode,
    ).toBe(400);
    await t.services.jobs.idle();
    expect(t.outbox.length).toBe(before);
    const ok = await change({
      username: 'hank2',
      email: 'hank@new.example',
      currentPassword: 'hank password',
    });
    expect(ok.statusCode).toBe(200);
    await t.services.jobs.idle();
    const sent = t.outbox.slice(before);
    expect(sent.map((m) => m.to)).toEqual(['HANK@example.com']);
    expect(sent[0]!.subject).toBe('The email address of your Agency Hub account was changed');
    expect(sent[0]!.text).toContain('to hank@new.example');
  });
});

describe('POST /api/auth/change-password', () => {
  it('keeps this session, ends every other one, and the new password is the one that works', async () => {
    await t.signIn(carol);
    const here = await signIn(carol);
    const phone = await signIn(carol, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');
    const daves = await signIn(dave);
    const res = await call('POST', '/api/auth/change-password', here, {
      currentPassword: carol.password,
      newPassword: 'a brand new secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/auth/me', here)).statusCode).toBe(200);
    expect((await call('GET', '/api/clients', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', daves)).statusCode).toBe(200); // other accounts untouched
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: carol.username, password: carol.password },
    });
    expect(old.statusCode).toBe(401);
    await signIn({ username: 'carol', password: 'a brand new secret' });
    const [logged] = await t.db.select().from(activity).where(eq(activity.action, 'auth.password_changed'));
    expect(logged?.message).toMatch(/^carol changed their password/);
    carol.password = 'a brand new secret';
  });

  it('refuses a wrong current password with a field error, changing nothing', async () => {
    const cookie = await signIn(carol);
    const other = await signIn(carol);
    const res = await call('POST', '/api/auth/change-password', cookie, {
      currentPassword: 'not my password',
      newPassword: 'whatever you say',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Your current password is not correct',
      code: 'invalid_input',
      fieldErrors: { currentPassword: ['Your current password is not correct'] },
    });
    expect((await call('GET', '/api/auth/me', other)).statusCode).toBe(200);
    await signIn(carol);
  });

  it('applies the password rules of sign-up and reset', async () => {
    const cookie = await signIn(carol);
    const cases: [object, Record<string, string[]>][] = [
      [
        { currentPassword: carol.password, newPassword: '12345' },
        { newPassword: ['Password must be at least 6 characters'] },
      ],
      [
        { currentPassword: carol.password, newPassword: carol.password },
        { newPassword: ['Choose a password different from your current one'] },
      ],
      [
        { currentPassword: '', newPassword: 'long enough' },
        { currentPassword: ['Enter your current password'] },
      ],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await call('POST', '/api/auth/change-password', cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    expect(
      (await call('POST', '/api/auth/change-password', cookie, { newPassword: 'x'.repeat(10) })).statusCode,
    ).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: carol.password, newPassword: 'something else' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/auth/sessions and DELETE /api/auth/sessions/:id', () => {
  it('lists your sessions with address, browser, last seen and which one is this, never a token', async () => {
    const user = { username: 'gina', email: 'gina@example.com', password: 'gina password' };
    await t.signIn(user);
    const laptop = await signIn(user, firefox, '203.0.113.5');
    await signIn(user, 'curl/8.5.0', '203.0.113.9');
    const res = await call('GET', '/api/auth/sessions', laptop);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const mine = list.find((s) => s.current)!;
    expect(Object.keys(mine).sort()).toEqual(['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'userAgent']);
    expect(mine).toMatchObject({ ip: '203.0.113.5', userAgent: firefox });
    const body = res.body;
    const hashes = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h);
    for (const h of hashes) expect(body).not.toContain(h);
    expect(body).not.toContain(laptop.split('=')[1]);
  });

  it('writes last seen at most once a minute', async () => {
    const user = { username: 'hank', email: 'hank@example.com', password: 'hank password' };
    await t.signIn(user);
    const cookie = await signIn(user);
    const seen = async () =>
      (
        (await call('GET', '/api/auth/sessions', cookie)).json() as { current: boolean; lastSeenAt: string }[]
      ).find((x) => x.current)!.lastSeenAt;
    const first = await seen();
    t.clock.advance(30_000);
    expect(await seen()).toBe(first);
    t.clock.advance(31_000);
    expect(Date.parse(await seen())).toBeGreaterThan(Date.parse(first));
  });

  it('signs out one of your sessions; that browser is then signed out', async () => {
    const user = { username: 'ivy', email: 'ivy@example.com', password: 'ivy password' };
    await t.signIn(user);
    const here = await signIn(user);
    const there = await signIn(user, 'curl/8.5.0');
    const list = (await call('GET', '/api/auth/sessions', here)).json() as { id: number; current: boolean }[];
    const other = list.find((s) => !s.current)!;
    const res = await call('DELETE', `/api/auth/sessions/${other.id}`, here);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', '/api/clients', there)).statusCode).toBe(401);
    expect((await call('GET', '/api/clients', here)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/auth/sessions/${other.id}`, here)).statusCode).toBe(404);
    // Your own current session: signed out here, and the cookie is cleared.
    const current = list.find((s) => s.current)!;
    const self = await call('DELETE', `/api/auth/sessions/${current.id}`, here);
    expect(self.statusCode).toBe(204);
    expect(self.cookies.find((c) => c.name === 'ah_session')?.value).toBe('');
    expect((await call('GET', '/api/clients', here)).statusCode).toBe(401);
  });

  it("answers 404 for another user's session id, which stays signed in", async () => {
    const daves = await signIn(dave);
    const theirs = (await call('GET', '/api/auth/sessions', daves)).json() as { id: number }[];
    const cookie = await signIn(carol);
    for (const s of theirs) {
      const res = await call('DELETE', `/api/auth/sessions/${s.id}`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await call('GET', '/api/auth/me', daves)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/auth/sessions/abc', cookie)).statusCode).toBe(400);
  });
});
