import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { createUser } from '../users/service';
import { DEVICE_COOKIE } from './device';

let t: TestApp;
const owner = { username: 'owner', email: 'owner@example.com', password: 'the right password' };
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, owner);
  await createUser(t.services, { username: 'other', email: 'other@example.com', password: 'other password' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.query('delete from login_attempts');
});

const signIn = (ip: string, password: string, device?: string, username = owner.username) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { username, password },
    ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
  });
const deviceOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie).toMatchObject({ path: '/api/auth/login', httpOnly: true, sameSite: 'Strict' });
  return cookie!.value;
};
/** Five wrong passwords at the owner's account from five addresses: the per-account limit is spent. */
const strangersFail = async () => {
  for (let n = 1; n <= 5; n++) expect((await signIn(`203.0.113.${n}`, 'guessing')).statusCode).toBe(401);
  expect((await signIn('203.0.113.6', 'guessing')).statusCode).toBe(429);
};

describe('a locked account and its owner (device cookies)', () => {
  it("lets the owner's browser in with the right password while strangers stay locked out", async () => {
    const device = deviceOf(await signIn('198.51.100.1', owner.password));
    await strangersFail();
    const back = await signIn('198.51.100.1', owner.password, device);
    expect(back.statusCode).toBe(200);
    // Even from another address (a phone on another network), the browser's cookie is what counts.
    expect((await signIn('192.0.2.50', owner.password, deviceOf(back))).statusCode).toBe(200);
    // The owner's success unlocks nobody else: a new browser (no cookie) still waits.
    expect((await signIn('198.51.100.1', owner.password)).statusCode).toBe(429);
    expect((await signIn('203.0.113.9', 'guessing')).statusCode).toBe(429);
  });

  it('refuses a forged cookie or one issued for another account', async () => {
    const mine = deviceOf(await signIn('198.51.100.1', owner.password));
    const theirs = deviceOf(await signIn('198.51.100.2', 'other password', undefined, 'other'));
    await strangersFail();
    const [id] = mine.split('.');
    for (const cookie of [`${id}.forged`, theirs, 'nonsense', `${mine}x`]) {
      expect((await signIn('198.51.100.1', owner.password, cookie)).statusCode, cookie).toBe(429);
    }
  });

  it('limits the device itself, and keeps the per-address limits for everyone', async () => {
    const device = deviceOf(await signIn('198.51.100.1', owner.password));
    for (let n = 0; n < 5; n++) {
      expect((await signIn(`198.51.100.${10 + n}`, 'wrong password', device)).statusCode).toBe(401);
    }
    const held = await signIn('198.51.100.20', owner.password, device);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    // Per account and address: five failures at one account from one address hold that address.
    await t.database.query('delete from login_attempts');
    const fresh = deviceOf(await signIn('198.51.100.1', owner.password));
    for (let n = 0; n < 5; n++) await signIn('198.51.100.30', 'wrong password');
    expect((await signIn('198.51.100.30', owner.password, fresh)).statusCode).toBe(429);
    expect((await signIn('198.51.100.31', owner.password, fresh)).statusCode).toBe(200);
  });
});
