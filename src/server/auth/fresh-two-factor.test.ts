import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../../test/support/app';
import { FRESH_TWO_FACTOR_NEEDED, FRESH_TWO_FACTOR_TOKEN } from '../../shared/auth';

// Credentials, roles and tokens ask a person with two-factor sign-in for a second factor proved in
// this session within ten minutes; a token cannot prove one.
let t: TestApp;
let cookie: string;
let secret: string;
const fay = { username: 'fay', email: 'fay@example.com', password: 'fay password' };
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn(fay);
});
afterAll(() => t.close());

const call = (
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
  headers: Record<string, string> = { cookie },
) => t.app.inject({ method, url, headers, payload });
const code = () => {
  t.clock.advance(30_000); // a code is good once: every proof uses the next step
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
};
const newToken = (headers?: Record<string, string>) =>
  call('POST', '/api/tokens', { name: 'deploys', expiresInDays: 30 }, headers);

describe('a recent second factor', () => {
  it('is not asked of someone who signs in with a password only', async () => {
    expect((await newToken()).statusCode).toBe(201);
  });

  it('counts from turning two-factor sign-in on, then runs out after ten minutes', async () => {
    secret = (await call('POST', '/api/auth/2fa/setup', {})).json().secret;
    expect((await call('POST', '/api/auth/2fa/enable', { code: await code() })).statusCode).toBe(200);
    expect((await newToken()).statusCode).toBe(201);

    t.clock.advance(11 * MINUTE);
    const refused = await newToken();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'fresh_two_factor_required',
      message: FRESH_TWO_FACTOR_NEEDED,
    });
    // Integrations' credentials and roles ask the same, before anything is read or changed.
    const gridpane = await call('POST', '/api/integrations/gridpane', {
      accessToken: 'x',
      baseUrl: 'https://x',
    });
    expect(gridpane.json().code).toBe('fresh_two_factor_required');
    const role = await call('PATCH', '/api/users/1', { role: 'admin' });
    expect(role.json().code).toBe('fresh_two_factor_required');
    // Granting a role to someone new asks the same, by invitation or by the add-user form.
    const invite = await call('POST', '/api/invitations', { email: 'new@example.com', role: 'staff' });
    expect(invite.json().code).toBe('fresh_two_factor_required');
    const added = await call('POST', '/api/users', {
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'secret123',
    });
    expect(added.json().code).toBe('fresh_two_factor_required');
  });

  it('is proved again with a code (a wrong one is refused), then lasts ten minutes', async () => {
    expect((await call('POST', '/api/auth/2fa/confirm', { code: '000000' })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/2fa/confirm', { code: await code() })).statusCode).toBe(204);
    expect((await newToken()).statusCode).toBe(201);
    t.clock.advance(9 * MINUTE);
    expect((await newToken()).statusCode).toBe(201);
  });

  it('comes with a sign-in that took a code', async () => {
    t.clock.advance(20 * MINUTE);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: fay.username, password: fay.password, code: await code() },
    });
    expect(login.statusCode).toBe(200);
    cookie = cookieHeader(login);
    expect((await newToken()).statusCode).toBe(201);
  });

  it('cannot be given by a personal API token', async () => {
    const { token } = (await newToken()).json() as { token: string };
    // A restore takes a token, but only from someone who proved a second factor within minutes.
    const answer = await call(
      'POST',
      '/api/websites/1/backups/restore',
      { backupId: 1, confirmDomain: 'example.com' },
      { authorization: `Bearer ${token}` },
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(FRESH_TWO_FACTOR_TOKEN);
    // Integrations' credentials refuse a token outright, saying what a token cannot do.
    const gridpane = await call(
      'POST',
      '/api/integrations/gridpane',
      { accessToken: 'x', baseUrl: 'https://x' },
      { authorization: `Bearer ${token}` },
    );
    expect(gridpane.statusCode).toBe(401);
    expect(gridpane.json()).toMatchObject({ code: 'token_not_allowed' });
    expect(gridpane.json().message).toMatch(/^Personal API tokens cannot change integrations/);
  });
});
