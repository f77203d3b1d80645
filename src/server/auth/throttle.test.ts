import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/support/database';
import type { Database } from '../db/client';
import { LoginThrottle } from './throttle';

// The counts live in the database (rate-limiter-flexible's PostgreSQL store), whose windows run on the
// wall clock: the tests move it with Vitest's fake Date.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  await database.query('delete from login_attempts');
});
afterEach(() => vi.useRealTimers());
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('LoginThrottle', () => {
  it('allows 5 attempts per account, then waits until the window that began with the first one ends', async () => {
    const th = new LoginThrottle(database);
    for (let i = 0; i < 5; i++) {
      expect(await th.attempt(i % 2 ? 'Alice' : 'alice', '1.1.1.1')).toBe(0);
      advance(10_000);
    }
    advance(-10_000); // the fifth attempt was 40 s after the first
    expect(await th.attempt('ALICE', '2.2.2.2')).toBe(260);
    advance(260_000);
    expect(await th.attempt('alice', '2.2.2.2')).toBe(0);
  });

  it('blocks until the last millisecond of the 5-minute window, counting down', async () => {
    const th = new LoginThrottle(database);
    for (let i = 0; i < 5; i++) await th.attempt('alice', '1.1.1.1');
    expect(await th.attempt('alice', '1.1.1.1')).toBe(300);
    advance(5 * 60_000 - 1);
    expect(await th.attempt('alice', '1.1.1.1')).toBe(1);
    advance(1);
    expect(await th.attempt('alice', '1.1.1.1')).toBe(0);
  });

  it('limits an IP to 20 attempts across accounts; a success clears its account and costs the IP nothing', async () => {
    const th = new LoginThrottle(database);
    for (let i = 0; i < 19; i++) await th.attempt(`user${i}`, '9.9.9.9');
    expect(await th.attempt('bob', '9.9.9.9')).toBe(0);
    await th.succeeded('bob', '9.9.9.9'); // bob's good password: the IP is back at 19
    expect(await th.attempt('carol', '9.9.9.9')).toBe(0);
    expect(await th.attempt('someone', '9.9.9.9')).toBe(300);
    expect(await th.attempt('someone', '8.8.8.8')).toBe(0);
  });

  it('counts in the database, so two instances on one database share the limits', async () => {
    const one = new LoginThrottle(database);
    const two = new LoginThrottle(database);
    for (let i = 0; i < 5; i++) await (i % 2 ? one : two).attempt('alice', `10.0.0.${i}`);
    expect(await one.attempt('alice', '10.0.1.1')).toBe(300);
    expect(await two.attempt('alice', '10.0.1.2')).toBe(300);
  });

  it('stores no account name: keys are hashes, long names included', async () => {
    const th = new LoginThrottle(database);
    await th.attempt('a'.repeat(5000), '1.1.1.1');
    const { rows } = await database.query('select key from login_attempts');
    expect(rows.map((r) => String(r.key)).join(' ')).not.toMatch(/aaaa/);
    expect(rows).toHaveLength(3);
  });

  it('counts second factors per account across addresses and instances, and per address', async () => {
    const one = new LoginThrottle(database);
    const two = new LoginThrottle(database);
    for (let i = 0; i < 5; i++)
      expect(await (i % 2 ? one : two).secondFactorAttempt(7, `10.0.2.${i}`)).toBe(0);
    expect(await one.secondFactorAttempt(7, '10.0.3.1')).toBe(300);
    // Another account is counted apart; a right code starts the account afresh.
    expect(await two.secondFactorAttempt(8, '10.0.3.2')).toBe(0);
    await two.secondFactorSucceeded(8, '10.0.3.2');
    for (let i = 0; i < 4; i++) expect(await one.secondFactorAttempt(8, '10.0.3.2')).toBe(0);
    // One address at many accounts meets its own limit.
    for (let i = 0; i < 20; i++) await one.secondFactorAttempt(100 + i, '10.0.4.1');
    expect(await one.secondFactorAttempt(200, '10.0.4.1')).toBe(300);
  });
});
