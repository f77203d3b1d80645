import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../../test/support/app';
import { passwordResetTokens } from '../db/schema';
import { createUser } from '../users/service';
import { PASSWORD_RESET_JOB, passwordResetJob } from './reset';

let t: TestApp;
const alice = { username: 'alice', email: 'alice@example.com', password: 'correct horse' };
const json = (payload: unknown) => ({ payload: payload as Record<string, unknown> });

beforeEach(async () => {
  t = await createTestApp();
  await createUser(t.services, alice);
});
afterEach(() => t.close());

const login = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers, ...json(body) });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

describe('POST /api/auth/login', () => {
  // Sign-in counts live in the database on the wall clock (rate-limiter-flexible): these tests freeze
  // and move Date itself.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const advanceWallClock = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('signs in with the right password and returns the user without secrets', async () => {
    const res = await login({ username: 'alice', password: 'correct horse' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: 'alice',
      email: 'alice@example.com',
      role: 'staff', // made directly, with the default role
    });
    const cookie = res.cookies.find((c) => c.name === 'ah_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(cookie.expires).toBeUndefined(); // browser-session cookie without "remember me"
    expect((await me(cookieHeader(res))).json().username).toBe('alice');
  });

  it('accepts the username in any case', async () => {
    expect((await login({ username: 'ALICE', password: 'correct horse' })).statusCode).toBe(200);
  });

  it('"remember me" sets a cookie that lasts 30 days', async () => {
    const res = await login({ username: 'alice', password: 'correct horse', rememberMe: true });
    const cookie = res.cookies.find((c) => c.name === 'ah_session')!;
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const wrong = await login({ username: 'alice', password: 'wrong password' });
    const unknown = await login({ username: 'nobody', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: 'Invalid username or password', code: 'invalid_credentials' });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('rejects short values with the shared schema messages per field', async () => {
    const res = await login({ username: 'al', password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      username: ['Username must be at least 3 characters'],
      password: ['Password must be at least 6 characters'],
    });
  });

  it('rejects missing fields, wrong types, unknown keys, oversized values', async () => {
    for (const body of [
      {},
      { username: 'alice' },
      { username: 123, password: 'correct horse' },
      { username: 'alice', password: 'correct horse', rememberMe: 'yes' },
      { username: 'alice', password: 'correct horse', isAdmin: true },
      { username: 'a'.repeat(65), password: 'correct horse' },
      { username: 'alice', password: 'x'.repeat(257) },
    ]) {
      const res = await login(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('invalid_input');
      expect(res.json().message).toBeTruthy();
    }
  });

  it('rejects malformed JSON, non-JSON bodies and bodies over 1 MiB', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'invalid_json' });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'alice',
    });
    expect(text.statusCode).toBe(415);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'alice', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('body_too_large');
  });

  it('throttles after 5 failures for one account with 429 and Retry-After, then lets the window pass', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login({ username: 'alice', password: 'wrong password' })).statusCode).toBe(401);
    // Blocked even with the right password; waiting out the block does not extend it.
    const blocked = await login({ username: 'alice', password: 'correct horse' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('300');
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    advanceWallClock(100_000);
    const later = await login({ username: 'alice', password: 'correct horse' });
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('200');
    advanceWallClock(199_999);
    expect((await login({ username: 'alice', password: 'correct horse' })).headers['retry-after']).toBe('1');
    advanceWallClock(1); // exactly 5 minutes after the failures
    expect((await login({ username: 'alice', password: 'correct horse' })).statusCode).toBe(200);
  });

  it('throttles an unknown username exactly like a real one, so the throttle tells no names', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await login({ username: 'alice', password: 'wrong password' });
      const unknown = await login({ username: 'nobody', password: 'wrong password' });
      expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    }
    const wrong = await login({ username: 'alice', password: 'wrong password' });
    const unknown = await login({ username: 'nobody', password: 'wrong password' });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([429, 429]);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.headers['retry-after']).toBe(wrong.headers['retry-after']);
  });

  it('a successful sign-in starts the account count again', async () => {
    for (let i = 0; i < 4; i++) await login({ username: 'alice', password: 'wrong password' });
    expect((await login({ username: 'alice', password: 'correct horse' })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await login({ username: 'alice', password: 'wrong password' })).statusCode).toBe(401);
    expect((await login({ username: 'alice', password: 'correct horse' })).statusCode).toBe(429);
  });

  it('throttles one IP after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i++)
      expect((await login({ username: `user${i}`, password: 'wrong password' })).statusCode).toBe(401);
    const res = await login({ username: 'alice', password: 'correct horse' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('300');
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.9.9',
      ...json({ username: 'alice', password: 'correct horse' }),
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me is 401 without a session or with a forged one', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('ah_session=forged')).statusCode).toBe(401);
    expect((await me()).json()).toEqual({ message: 'Not signed in.', code: 'unauthorized' });
  });

  it('logout revokes the session on the server, not only the cookie', async () => {
    const cookie = cookieHeader(await login({ username: 'alice', password: 'correct horse' }));
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'ah_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a browser session expires on the server after 12 hours; a remembered one lasts 30 days', async () => {
    const short = cookieHeader(await login({ username: 'alice', password: 'correct horse' }));
    const long = cookieHeader(
      await login({ username: 'alice', password: 'correct horse', rememberMe: true }),
    );
    t.clock.advance(12 * 3600_000 - 60_000);
    expect((await me(short)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await me(short)).statusCode).toBe(401);
    expect((await me(long)).statusCode).toBe(200);
    t.clock.advance(30 * 86_400_000);
    expect((await me(long)).statusCode).toBe(401);
  });

  it('signing in again issues a new token and ends the old one', async () => {
    const first = cookieHeader(await login({ username: 'alice', password: 'correct horse' }));
    const second = await login({ username: 'alice', password: 'correct horse' }, { cookie: first });
    expect(cookieHeader(second)).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(cookieHeader(second))).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', ...json({ email }) });
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', ...json({ token, newPassword }) });
  const tokenFromMail = () => /token=([\w-]+)/.exec(t.outbox.at(-1)!.text)![1]!;

  it('answers the same whether or not the email exists, and emails the link to known ones', async () => {
    const known = await forgot('alice@example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: 'Password reset instructions have been sent to your email.' });
    await t.services.jobs.idle();
    expect(t.outbox).toHaveLength(1);
    expect(t.outbox[0]!.to).toBe('alice@example.com');
    expect(t.outbox[0]!.text).toContain('http://agency.test/reset-password?token=');
  });

  it('does the same work for known and unknown emails: one job with the email, nothing else', async () => {
    const sent: unknown[][] = [];
    vi.spyOn(t.services.jobs, 'send').mockImplementation(async (...args) => {
      sent.push(args);
      return null;
    });
    const queries: string[] = [];
    for (const method of ['select', 'insert', 'update', 'delete', 'execute', 'transaction'] as const) {
      const original = t.db[method].bind(t.db) as (...a: unknown[]) => unknown;
      vi.spyOn(t.db, method).mockImplementation(((...a: unknown[]) => {
        queries.push(method);
        return original(...a);
      }) as never);
    }
    const known = await forgot('alice@example.com');
    const byKnown = queries.splice(0);
    const unknown = await forgot('nobody@example.com');
    vi.restoreAllMocks();
    expect(known.body).toBe(unknown.body);
    expect(queries).toEqual(byKnown);
    expect(sent).toEqual([
      [PASSWORD_RESET_JOB, { email: 'alice@example.com' }],
      [PASSWORD_RESET_JOB, { email: 'nobody@example.com' }],
    ]);
    // The route made no link of its own: that is the job's work.
    expect(await t.db.select().from(passwordResetTokens)).toEqual([]);
    expect(t.outbox).toEqual([]);
  });

  it('sends the mail from the job, which does nothing for an email without an account', async () => {
    await forgot('nobody@example.com');
    await forgot('alice@example.com');
    await t.services.jobs.idle();
    const { rows } = await t.database.query(
      "select data from pgboss.job where name = 'password-reset-mail' and state = 'completed' order by created_on",
    );
    expect(rows.map((r) => (r as { data: unknown }).data)).toEqual([
      { email: 'nobody@example.com' },
      { email: 'alice@example.com' },
    ]);
    expect(t.outbox.map((m) => m.to)).toEqual(['alice@example.com']);
    const tokens = await t.db.select().from(passwordResetTokens);
    expect(tokens).toHaveLength(1);
    const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const job = { id: 'direct', signal: new AbortController().signal, log };
    await passwordResetJob(t.services).run({ email: 'ALICE@example.com' }, job);
    await passwordResetJob(t.services).run({ email: 'nobody@example.com' }, job);
    expect(t.outbox.map((m) => m.to)).toEqual(['alice@example.com', 'alice@example.com']);
    expect(await t.db.select().from(passwordResetTokens)).toHaveLength(2);
  });

  it('rejects an invalid email with the shared schema message', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.email).toEqual(['Please enter a valid email address']);
  });

  it('resets with the emailed token, once, and revokes every session', async () => {
    const session = cookieHeader(await login({ username: 'alice', password: 'correct horse' }));
    await forgot('alice@example.com');
    await t.services.jobs.idle();
    const token = tokenFromMail();
    const ok = await reset(token, 'new password 1');
    expect(ok.statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await login({ username: 'alice', password: 'correct horse' })).statusCode).toBe(401);
    expect((await login({ username: 'alice', password: 'new password 1' })).statusCode).toBe(200);
    const again = await reset(token, 'another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
  });

  it("revokes the account's personal API tokens, and only that account's", async () => {
    const session = cookieHeader(await login({ username: 'alice', password: 'correct horse' }));
    const newToken = async (cookie: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tokens',
          headers: { cookie },
          payload: { name: 'script', expiresInDays: null },
        })
      ).json().token as string;
    const mine = await newToken(session);
    await createUser(t.services, { username: 'bob', email: 'bob@example.com', password: 'bob password' });
    const theirs = await newToken(cookieHeader(await login({ username: 'bob', password: 'bob password' })));
    const asToken = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/clients', headers: { authorization: `Bearer ${token}` } });
    expect((await asToken(mine)).statusCode).toBe(200);
    await forgot('alice@example.com');
    await t.services.jobs.idle();
    expect((await reset(tokenFromMail(), 'new password 1')).statusCode).toBe(200);
    expect((await asToken(mine)).statusCode).toBe(401);
    expect((await asToken(theirs)).statusCode).toBe(200);
  });

  it('expires tokens after 30 minutes', async () => {
    await forgot('alice@example.com');
    await t.services.jobs.idle();
    t.clock.advance(30 * 60_000 + 1000);
    const res = await reset(tokenFromMail(), 'new password 1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/invalid or has expired/);
    expect((await login({ username: 'alice', password: 'correct horse' })).statusCode).toBe(200);
  });

  it('refuses unknown tokens and short passwords without changing anything', async () => {
    expect((await reset('made-up-token', 'new password 1')).statusCode).toBe(400);
    const short = await reset('made-up-token', '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.newPassword).toEqual(['Password must be at least 6 characters']);
    expect((await login({ username: 'alice', password: 'correct horse' })).statusCode).toBe(200);
  });
});

describe('password reset without SMTP', () => {
  it('development mode returns the token and reset link (the DEVELOPMENT MODE box)', async () => {
    const dev = await createTestApp({ mailer: null, config: { mode: 'development' } });
    try {
      await createUser(dev.services, alice);
      const res = await dev.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'alice@example.com' },
      });
      const body = res.json();
      expect(body.token).toMatch(/^[\w-]{43}$/);
      expect(body.resetUrl).toBe(`http://agency.test/reset-password?token=${body.token}`);
    } finally {
      await dev.close();
    }
  });

  it('production mode logs the link for the operator and never returns it', async () => {
    const prod = await createTestApp({ mailer: null, config: { mode: 'production' } });
    try {
      await createUser(prod.services, alice);
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'alice@example.com' },
      });
      expect(res.json()).toEqual({ message: 'Password reset instructions have been sent to your email.' });
      await prod.services.jobs.idle();
      expect(prod.logs.join('\n')).toMatch(/reset-password\?token=[\w-]{43}/);
    } finally {
      await prod.close();
    }
  });
});
