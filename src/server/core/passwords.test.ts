import { describe, expect, it } from 'vitest';
import { hashingLoad, hashPassword, verifyPassword } from './passwords';

// argon2id at OWASP's floor (m ≥ 19 MiB, t ≥ 2, p = 1), and a login flood queues instead of starving
// the API.
describe('password hashing', () => {
  it('stores argon2id with m=19 MiB, t=2, p=1 and a random salt', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(a, 'correct horse batterz')).toBe(false);
    expect(await verifyPassword(undefined, 'correct horse battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('runs at most two hashes at once; the rest wait their turn and all finish', async () => {
    const stored = await hashPassword('flood');
    const flood = Array.from({ length: 8 }, (_, i) =>
      i % 2 ? verifyPassword(stored, 'flood') : verifyPassword(undefined, 'flood'),
    );
    await new Promise((resolve) => setImmediate(resolve));
    const load = hashingLoad();
    expect(load.running).toBe(2);
    expect(load.waiting).toBeGreaterThanOrEqual(5);
    const results = await Promise.all(flood);
    expect(results).toEqual([false, true, false, true, false, true, false, true]);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
