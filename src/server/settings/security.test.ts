import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { TWO_FACTOR_KEPT, TWO_FACTOR_REQUIRED } from '../../shared/auth';

// The Owner's rule that some roles must use two-factor sign-in: a grace week, then only the account.
let t: TestApp;
let owner: string;
let staff: string;
const DAY = 86_400_000;
const olga = { username: 'olga', email: 'olga@example.com', password: 'olga password' };
const sam = { username: 'sam', email: 'sam@example.com', password: 'sam password', role: 'staff' as const };
/** Moves the clock on; sessions end after 12 hours, so both people sign in again. */
async function later(ms: number) {
  t.clock.advance(ms);
  owner = await t.signIn(olga);
  staff = await t.signIn(sam);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn(olga);
  staff = await t.signIn(sam);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('requiring two-factor sign-in', () => {
  it('is the Owner’s decision: Staff are refused, the Owner sets it per role', async () => {
    expect((await call('GET', '/api/settings/security', staff)).json()).toEqual({
      requireTwoFactor: [],
      graceDays: 7,
    });
    const refused = await call('PUT', '/api/settings/security', staff, { requireTwoFactor: ['staff'] });
    expect(refused.statusCode).toBe(403);
    const saved = await call('PUT', '/api/settings/security', owner, {
      requireTwoFactor: ['staff', 'admin'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().requireTwoFactor).toEqual(['staff', 'admin']);
    expect(
      (await call('PUT', '/api/settings/security', owner, { requireTwoFactor: ['nobody'] })).statusCode,
    ).toBe(400);
  });

  it('gives those it catches a week, says so, and then lets them reach only their account', async () => {
    const me = (await call('GET', '/api/auth/me', staff)).json();
    const due = new Date(me.twoFactorDue).getTime();
    expect(due - t.clock.now().getTime()).toBeGreaterThan(6 * DAY);
    expect(due - t.clock.now().getTime()).toBeLessThanOrEqual(7 * DAY);
    // The Owner's role is not covered: nothing is due for them.
    expect((await call('GET', '/api/auth/me', owner)).json().twoFactorDue).toBeNull();
    // Saving the rule again never restarts the week.
    await later(DAY);
    await call('PUT', '/api/settings/security', owner, { requireTwoFactor: ['staff', 'admin'] });
    expect((await call('GET', '/api/auth/me', staff)).json().twoFactorDue).toBe(me.twoFactorDue);
    expect((await call('GET', '/api/clients', staff)).statusCode).toBe(200);

    await later(6 * DAY);
    const blocked = await call('GET', '/api/clients', staff);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'two_factor_required', message: TWO_FACTOR_REQUIRED });
    // An odd spelling of the path meets the same rule: it is decided by the route matched.
    const odd = await t.app.inject({ method: 'GET', url: '/%61pi/clients', headers: { cookie: staff } });
    expect(odd.statusCode).toBe(403);
    expect((await call('GET', '/api/auth/me', staff)).statusCode).toBe(200);

    // Turning it on lifts the block at once; it cannot be turned off while the rule holds.
    const { secret } = (await call('POST', '/api/auth/2fa/setup', staff)).json();
    const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect((await call('POST', '/api/auth/2fa/enable', staff, { code: await code() })).statusCode).toBe(200);
    expect((await call('GET', '/api/clients', staff)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', staff)).json().twoFactorDue).toBeNull();
    t.clock.advance(30_000);
    const off = await call('POST', '/api/auth/2fa/disable', staff, { code: await code() });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(TWO_FACTOR_KEPT);
  });

  it('holds a personal API token of someone it has caught to the same rule', async () => {
    await t.signIn({ username: 'vic', email: 'vic@example.com', password: 'vic password', role: 'admin' });
    const vic = await t.signIn({ username: 'vic', email: 'vic@example.com', password: 'vic password' });
    const token = (await call('POST', '/api/tokens', vic, { name: 'scripts', expiresInDays: 30 })).json()
      .token as string;
    const bearer = { authorization: `Bearer ${token}` };
    // Vic joined after the rule began: the week counts from joining.
    expect((await t.app.inject({ method: 'GET', url: '/api/clients', headers: bearer })).statusCode).toBe(
      200,
    );
    await later(8 * DAY);
    const blocked = await t.app.inject({ method: 'GET', url: '/api/clients', headers: bearer });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('two_factor_required');
    // Once the Owner lifts the rule, the token works again.
    await call('PUT', '/api/settings/security', owner, { requireTwoFactor: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/clients', headers: bearer })).statusCode).toBe(
      200,
    );
  });
});
