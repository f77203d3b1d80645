import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/support/app';
import { LoginThrottle } from './throttle';

describe('LoginThrottle', () => {
  it('allows 5 failures per account, then waits until the oldest leaves the 5-minute window', () => {
    const clock = new TestClock();
    const th = new LoginThrottle(clock);
    for (let i = 0; i < 4; i++) {
      th.recordFailure('Alice', '1.1.1.1');
      clock.advance(10_000);
    }
    expect(th.retryAfter('alice', '1.1.1.1')).toBe(0);
    th.recordFailure('alice', '1.1.1.1');
    expect(th.retryAfter('ALICE', '2.2.2.2')).toBe(260); // 300 s after the first failure, 40 s ago
    clock.advance(260_000);
    expect(th.retryAfter('alice', '2.2.2.2')).toBe(0);
  });

  it('blocks until the last millisecond of the 5-minute window, counting down', () => {
    const clock = new TestClock();
    const th = new LoginThrottle(clock);
    for (let i = 0; i < 5; i++) th.recordFailure('alice', '1.1.1.1');
    expect(th.retryAfter('alice', '1.1.1.1')).toBe(300);
    clock.advance(5 * 60_000 - 1);
    expect(th.retryAfter('alice', '1.1.1.1')).toBe(1);
    clock.advance(1);
    expect(th.retryAfter('alice', '1.1.1.1')).toBe(0);
  });

  it('limits an IP to 20 failures across accounts, and success clears only the account', () => {
    const clock = new TestClock();
    const th = new LoginThrottle(clock);
    for (let i = 0; i < 19; i++) th.recordFailure(`user${i}`, '9.9.9.9');
    expect(th.retryAfter('someone', '9.9.9.9')).toBe(0);
    th.recordFailure('bob', '9.9.9.9');
    expect(th.retryAfter('someone', '9.9.9.9')).toBe(300);
    th.recordSuccess('bob');
    expect(th.retryAfter('someone', '9.9.9.9')).toBe(300);
    expect(th.retryAfter('someone', '8.8.8.8')).toBe(0);
  });
});
