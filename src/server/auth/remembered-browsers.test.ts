import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../../test/support/app';

// "Remember this browser": after a sign-in with a code, the password alone signs in from that browser
// for 30 days; it can be listed and forgotten, and it proves no fresh second factor.
let t: TestApp;
let cookie: string;
let secret: string;
let remembered: string;
const gwen = { username: 'gwen', email: 'gwen@example.com', password: 'gwen password' };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn(gwen);
  secret = (await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { cookie } })).json()
    .secret;
  const on = await t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: { cookie },
    payload: { code: await code() },
  });
  expect(on.statusCode).toBe(200);
});
afterAll(() => t.close());

async function code() {
  t.clock.advance(30_000);
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
}
const login = (extra: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { username: gwen.username, password: gwen.password, ...extra },
  });
const browsers = (c = cookie) =>
  t.app.inject({ method: 'GET', url: '/api/auth/2fa/browsers', headers: { cookie: c } });

describe('a remembered browser', () => {
  it('is remembered only when asked, with a cookie sent to the sign-in route alone', async () => {
    const plain = await login({ code: await code() });
    expect(plain.cookies.find((c) => c.name === 'ah_2fa_browser')).toBeUndefined();
    const asked = await login({ code: await code(), rememberBrowser: true });
    expect(asked.statusCode).toBe(200);
    const set = asked.cookies.find((c) => c.name === 'ah_2fa_browser')!;
    expect(set).toMatchObject({ path: '/api/auth/login', httpOnly: true, sameSite: 'Strict' });
    remembered = `ah_2fa_browser=${set.value}`;
    cookie = cookieHeader(asked);
    const list = (await browsers()).json();
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'id',
      'ip',
      'lastUsedAt',
      'userAgent',
    ]);
  });

  it('signs in with the password alone, but proves no fresh second factor', async () => {
    expect((await login()).json()).toEqual({ twoFactorRequired: true });
    const again = await login({}, { cookie: remembered });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ username: 'gwen' });
    t.clock.advance(11 * 60_000);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: cookieHeader(again) },
      payload: { name: 'ci', expiresInDays: 30 },
    });
    expect(token.json().code).toBe('fresh_two_factor_required');
  });

  it('works for its own person only', async () => {
    const hal = { username: 'hal', email: 'hal@example.com', password: 'hal password' };
    const halCookie = await t.signIn(hal);
    const halSecret = (
      await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { cookie: halCookie } })
    ).json().secret;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: { cookie: halCookie },
      payload: {
        code: await generate({ secret: halSecret, epoch: Math.floor(t.clock.now().getTime() / 1000) }),
      },
    });
    const asHal = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: remembered },
      payload: { username: hal.username, password: hal.password },
    });
    expect(asHal.json()).toEqual({ twoFactorRequired: true });
  });

  it('lasts 30 days', async () => {
    t.clock.advance(31 * DAY);
    expect((await login({}, { cookie: remembered })).json()).toEqual({ twoFactorRequired: true });
  });

  it('is forgotten from Settings, one or all, and when two-factor sign-in is turned off', async () => {
    const fresh = await login({ code: await code(), rememberBrowser: true });
    cookie = cookieHeader(fresh);
    const mine = `ah_2fa_browser=${fresh.cookies.find((c) => c.name === 'ah_2fa_browser')!.value}`;
    const [entry] = (await browsers()).json();
    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/2fa/browsers/${entry.id + 1000}`,
      headers: { cookie },
    });
    expect(other.statusCode).toBe(404);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/2fa/browsers/${entry.id}`,
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(204);
    expect((await login({}, { cookie: mine })).json()).toEqual({ twoFactorRequired: true });

    const kept = await login({ code: await code(), rememberBrowser: true });
    cookie = cookieHeader(kept);
    const keptCookie = `ah_2fa_browser=${kept.cookies.find((c) => c.name === 'ah_2fa_browser')!.value}`;
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: { cookie },
      payload: { code: await code() },
    });
    expect(off.statusCode).toBe(204);
    expect((await browsers()).json()).toEqual([]);
    // Turned on again later, the old cookie does not skip the code.
    secret = (await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { cookie } })).json()
      .secret;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: { cookie },
      payload: { code: await code() },
    });
    expect((await login({}, { cookie: keptCookie })).json()).toEqual({ twoFactorRequired: true });
  });

  it('forgets every browser at once', async () => {
    await login({ code: await code(), rememberBrowser: true });
    const last = await login({ code: await code(), rememberBrowser: true });
    cookie = cookieHeader(last);
    expect((await browsers()).json()).toHaveLength(2);
    const all = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/2fa/browsers/all',
      headers: { cookie },
    });
    expect(all.statusCode).toBe(204);
    expect((await browsers()).json()).toEqual([]);
  });
});
