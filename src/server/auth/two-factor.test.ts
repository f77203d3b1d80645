import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../../test/support/app';
import { TWO_FACTOR_CODE_WRONG } from '../../shared/auth';

// Two-factor sign-in end to end on the real app with a clock the test moves: set-up, sign-in asking
// for the second factor, codes good once and only near their time, recovery codes used up, throttling.
let t: TestApp;
let cookie: string;
let secret: string;
const erin = { username: 'erin', email: 'erin@example.com', password: 'erin password' };

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn(erin);
});
afterAll(() => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const codeAt = (offsetMs = 0) =>
  generate({ secret, epoch: Math.floor((t.clock.now().getTime() + offsetMs) / 1000) });
const login = (extra: object = {}) =>
  post('/api/auth/login', { username: erin.username, password: erin.password, ...extra }, {});
const nextStep = () => t.clock.advance(30_000);

describe('two-factor sign-in', () => {
  it('is set up by scanning a secret and confirming a code from it; recovery codes are shown once', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: { cookie } })).json()).toEqual(
      {
        enabled: false,
        recoveryCodesLeft: 0,
      },
    );
    const setup = await post('/api/auth/2fa/setup');
    expect(setup.statusCode).toBe(200);
    secret = setup.json().secret;
    expect(setup.json().otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*erin.*secret=/);
    // Not on until confirmed: sign-in still takes the password alone.
    expect((await login()).json()).toMatchObject({ username: 'erin' });

    const wrong = await post('/api/auth/2fa/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.code[0]).toMatch(/does not match/);
    const badShape = await post('/api/auth/2fa/enable', { code: '12ab' });
    expect(badShape.json().fieldErrors.code).toEqual(['Enter the 6-digit code your authenticator app shows']);

    const enabled = await post('/api/auth/2fa/enable', { code: await codeAt() });
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: { cookie } })).json()).toEqual(
      {
        enabled: true,
        recoveryCodesLeft: 10,
      },
    );
    const team = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(team.json()[0]).toMatchObject({ username: 'erin', twoFactor: true });
    (globalThis as { recovery?: string[] }).recovery = codes;
  });

  it('asks for the second factor after the password, without a session', async () => {
    const first = await login();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect(first.headers['set-cookie']).toBeUndefined();

    nextStep();
    const signedIn = await login({ code: await codeAt() });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: 'erin' });
    const session = cookieHeader(signedIn);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session } })).statusCode,
    ).toBe(200);
  });

  it('refuses a code used once already, and one far from its time', async () => {
    nextStep();
    const code = await codeAt();
    expect((await login({ code })).statusCode).toBe(200);
    const replay = await login({ code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'invalid_code', message: TWO_FACTOR_CODE_WRONG });
    // A code from two steps ago, or two steps ahead: outside the one-step allowance.
    nextStep();
    nextStep();
    for (const offset of [-60_000, 61_000])
      expect((await login({ code: await codeAt(offset) })).statusCode).toBe(401);
    // One step behind (a phone a little slow) is fine.
    expect((await login({ code: await codeAt(-30_000) })).statusCode).toBe(200);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const [first, second] = (globalThis as { recovery?: string[] }).recovery!;
    expect((await login({ recoveryCode: first!.toUpperCase() })).statusCode).toBe(200);
    expect((await login({ recoveryCode: first })).statusCode).toBe(401);
    expect((await login({ recoveryCode: second!.replace('-', '') })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: { cookie } })).json(),
    ).toMatchObject({
      recoveryCodesLeft: 8,
    });
  });

  it('regenerates recovery codes: the old ones stop working', async () => {
    nextStep();
    const fresh = await post('/api/auth/2fa/recovery-codes', { code: await codeAt() });
    expect(fresh.statusCode).toBe(200);
    const [old] = (globalThis as { recovery?: string[] }).recovery!.slice(2);
    expect((await login({ recoveryCode: old })).statusCode).toBe(401);
    expect((await login({ recoveryCode: fresh.json().recoveryCodes[0] })).statusCode).toBe(200);
    (globalThis as { recovery?: string[] }).recovery = fresh.json().recoveryCodes;
  });

  it('throttles wrong codes like wrong passwords, even between password-only steps', async () => {
    // Someone who knows the password alternates guesses with the password step: that step asks for the
    // code and must not wipe the count of wrong codes, or guessing would never stop.
    const answers: number[] = [];
    for (let i = 0; i < 12 && answers.at(-1) !== 429; i++)
      answers.push((await login(i % 2 ? {} : { code: '000000' })).statusCode);
    expect(answers.at(-1)).toBe(429);
    expect(answers.length).toBeLessThanOrEqual(6);
  });

  it('turns off with a code from the authenticator', async () => {
    expect((await post('/api/auth/2fa/disable', { code: '000000' })).statusCode).toBe(401);
    nextStep();
    expect((await post('/api/auth/2fa/disable', { code: await codeAt() })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: { cookie } })).json()).toEqual(
      {
        enabled: false,
        recoveryCodesLeft: 0,
      },
    );
    const again = await post('/api/auth/2fa/disable', {
      recoveryCode: (globalThis as { recovery?: string[] }).recovery![1],
    });
    expect(again.statusCode).toBe(409);
  });
});
