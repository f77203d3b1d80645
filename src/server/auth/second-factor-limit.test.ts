import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, turnOnTwoFactor } from '../../../test/support/app';

// Wrong second factors are counted per account in the database, wherever they are entered (sign-in,
// confirming before a sensitive change, turning two-factor sign-in off, new recovery codes), from any
// address and on any instance: five failures in five minutes, then 429 with Retry-After.
let t: TestApp;
let other: TestApp;
let cookie: string;
let rightCode: () => Promise<string>;
const gus = { username: 'gus', email: 'gus@example.com', password: 'gus password' };

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn(gus);
  ({ code: rightCode } = await turnOnTwoFactor(t, cookie));
  // A second instance on the same database.
  other = await createTestApp({ database: t.database, services: { box: t.services.box } });
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

const from = (app: TestApp, ip: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url, headers, payload, remoteAddress: ip });

describe('wrong second factors', () => {
  it('are counted per account across routes, addresses and instances, then refused with Retry-After', async () => {
    // Five failures from three addresses, on two instances and four routes.
    const failures = [
      await from(t, '10.9.0.1', '/api/auth/2fa/confirm', { code: '000000' }, { cookie }),
      await from(other, '10.9.0.2', '/api/auth/2fa/confirm', { code: '111111' }, { cookie }),
      await from(t, '10.9.0.3', '/api/auth/2fa/disable', { code: '222222' }, { cookie }),
      await from(other, '10.9.0.1', '/api/auth/2fa/recovery-codes', { code: '333333' }, { cookie }),
      await from(t, '10.9.0.2', '/api/auth/login', {
        username: gus.username,
        password: gus.password,
        code: '444444',
      }),
    ];
    expect(failures.map((r) => `${r.statusCode} ${r.json().code}`)).toEqual(
      Array(5).fill('401 invalid_code'),
    );

    // The sixth attempt is refused before the code is looked at, even a right one, from a new address.
    const refused = await from(
      other,
      '10.9.0.4',
      '/api/auth/2fa/confirm',
      { code: await rightCode() },
      { cookie },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many wrong codes\. Please wait \d+ (minutes?|seconds?)/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    const signIn = await from(t, '10.9.0.5', '/api/auth/login', {
      username: gus.username,
      password: gus.password,
      code: await rightCode(),
    });
    expect(signIn.statusCode).toBe(429);
  });

  it('count the account apart from the others', async () => {
    const ida = { username: 'ida', email: 'ida@example.com', password: 'ida password' };
    const idaCookie = await t.signIn(ida);
    // Ida has no second factor: confirming one is refused as off, not as throttled.
    const res = await from(t, '10.9.0.1', '/api/auth/2fa/confirm', { code: '000000' }, { cookie: idaCookie });
    expect(res.statusCode).toBe(409);
  });
});
