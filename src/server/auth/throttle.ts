import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client';
import { sha256 } from './tokens';

export type ThrottleLimits = { perAccount: number; perIp: number; windowSeconds: number };

export const defaultLimits: ThrottleLimits = { perAccount: 5, perIp: 20, windowSeconds: 5 * 60 };

/** The table both limiters count in (src/server/db/schema/login-attempts.ts). */
export const LOGIN_ATTEMPTS_TABLE = 'login_attempts';

/**
 * Sign-in attempts per account and per IP (quality bar S3), counted in the database with
 * rate-limiter-flexible's PostgreSQL store, so every instance on one database enforces the same limits
 * (R8). An attempt counts before the password is checked (concurrent guesses cannot slip past the
 * count); a success takes its attempt back and clears the account. Accounts are counted by a hash of
 * the lowercased name, known or not, so the throttle tells no names and stores none.
 */
export class LoginThrottle {
  private readonly account: RateLimiterPostgres;
  private readonly ip: RateLimiterPostgres;

  constructor(database: Pick<Database, 'query'>, limits: ThrottleLimits = defaultLimits) {
    const store = {
      storeClient: { query: (q: { text: string; values?: unknown[] }) => database.query(q.text, q.values) },
      storeType: 'client',
      tableName: LOGIN_ATTEMPTS_TABLE,
      tableCreated: true, // by our migrations
      clearExpiredByTimeout: false, // the hourly purge job does it, once across instances
      duration: limits.windowSeconds,
    };
    this.account = new RateLimiterPostgres({ ...store, keyPrefix: 'account', points: limits.perAccount });
    this.ip = new RateLimiterPostgres({ ...store, keyPrefix: 'ip', points: limits.perIp });
  }

  /** Counts a sign-in attempt; the seconds to wait when it is over either limit, else 0. */
  async attempt(account: string, ip: string): Promise<number> {
    const results = await Promise.allSettled([
      this.account.consume(accountKey(account)),
      this.ip.consume(ip),
    ]);
    let waitMs = 0;
    for (const r of results) {
      if (r.status === 'fulfilled') continue;
      if (!(r.reason instanceof RateLimiterRes)) throw r.reason; // the database, not a limit
      waitMs = Math.max(waitMs, r.reason.msBeforeNext);
    }
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /** A good password: the account starts afresh, and a colleague's success costs the IP nothing. */
  async succeeded(account: string, ip: string): Promise<void> {
    await Promise.all([this.account.delete(accountKey(account)), this.ip.reward(ip)]);
  }
}

const accountKey = (account: string) => sha256(account.toLowerCase()).slice(0, 32);
