import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp, turnOnTwoFactor } from '../../../test/support/app';
import { PASSWORD_CHANGED, SIGNED_OUT_EVERYWHERE } from '../../shared/account-access';
import { createResetLink } from './reset';

// Changing the password and signing out everywhere end everything the account's credentials left
// working, as a reset does: other sessions, personal API tokens, remembered browsers and reset links.
let t: TestApp;
let code: () => Promise<string>;
const hal = { username: 'hal', email: 'hal@example.com', password: 'hal password' };

beforeAll(async () => {
  t = await createTestApp();
  ({ code } = await turnOnTwoFactor(t, await t.signIn(hal)));
});
afterAll(() => t.close());

/** Everything an intruder might hold: a session, a token, a remembered browser and a reset link. */
async function takenOver() {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: hal.username, password: hal.password, code: await code(), rememberBrowser: true },
  });
  expect(signIn.statusCode).toBe(200);
  const session = cookieHeader(signIn);
  const browser = signIn.cookies.find((c) => c.name === 'ah_2fa_browser')!;
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: { cookie: session },
    payload: { name: 'intruder', expiresInDays: null },
  });
  expect(token.statusCode).toBe(201);
  const link = await createResetLink({ ...t.services, appUrl: 'http://agency.test' }, hal.email);
  return {
    session,
    token: token.json().token as string,
    browserCookie: `ah_2fa_browser=${browser.value}`,
    resetToken: link!.token,
  };
}

/** What still works of what the intruder held. */
async function stillWorking(held: Awaited<ReturnType<typeof takenOver>>, password: string) {
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: held.session } });
  const token = await t.app.inject({
    method: 'GET',
    url: '/api/clients',
    headers: { authorization: `Bearer ${held.token}` },
  });
  // A remembered browser signs in with the password alone; a forgotten one is asked for the code.
  const remembered = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { cookie: held.browserCookie },
    payload: { username: hal.username, password },
  });
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: held.resetToken, password: 'intruder password' },
  });
  return {
    session: me.statusCode === 200,
    token: token.statusCode === 200,
    rememberedBrowser: remembered.statusCode === 200 && remembered.json().twoFactorRequired !== true,
    resetLink: reset.statusCode === 200,
  };
}

describe('ending access', () => {
  it('changing the password ends the other sessions, the tokens, remembered browsers and reset links', async () => {
    const held = await takenOver();
    // The owner, in their own browser, changes the password.
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: hal.username, password: hal.password, code: await code() },
    });
    const cookie = cookieHeader(mine);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: hal.password, newPassword: 'hal new password' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(PASSWORD_CHANGED);
    expect(await stillWorking(held, 'hal new password')).toEqual({
      session: false,
      token: false,
      rememberedBrowser: false,
      resetLink: false,
    });
    // This browser stays signed in.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ username: 'hal' });
    hal.password = 'hal new password';
  });

  it('signing out everywhere ends the same, this browser included', async () => {
    const held = await takenOver();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { cookie: held.session },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe(SIGNED_OUT_EVERYWHERE);
    const left = await stillWorking(held, hal.password);
    expect(left).toEqual({ session: false, token: false, rememberedBrowser: false, resetLink: false });
  });
});
