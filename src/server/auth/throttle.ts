import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { sha256 } from '../core/tokens';
import type { Database } from '../db/client';

export type ThrottleLimits = {
  perAccount: number;
  perIp: number;
  /** Failures at one account from one address. */
  perAccountIp: number;
  /** Failures from one device cookie (a browser that signed in to the account before). */
  perDevice: number;
  /** Wrong second factors at one account, wherever they are entered (sign-in, confirm, turn off …). */
  secondFactorPerAccount: number;
  /** Wrong second factors from one address, at any account. */
  secondFactorPerIp: number;
  windowSeconds: number;
};

export const defaultLimits: ThrottleLimits = {
  perAccount: 5,
  perIp: 20,
  perAccountIp: 5,
  perDevice: 5,
  secondFactorPerAccount: 5,
  secondFactorPerIp: 20,
  windowSeconds: 5 * 60,
};

/** The table both limiters count in (src/server/db/schema/login-attempts.ts). */
export const LOGIN_ATTEMPTS_TABLE = 'login_attempts';

/**
 * Sign-in attempts per account, per IP, per account and IP, and per device cookie, counted in the
 * database with rate-limiter-flexible's PostgreSQL store, so every instance on one database enforces
 * the same limits. An attempt counts before the password is checked (concurrent guesses cannot slip
 * past the count); a success takes its attempt back. A browser with the account's device cookie is
 * not held by the per-account limit (strangers failing from many addresses cannot lock the owner out)
 * but by its own per-device limit; every other limit holds for everyone. Accounts are counted by a
 * hash of the lowercased name, known or not, so the throttle tells no names and stores none.
 */
export class LoginThrottle {
  private readonly account: RateLimiterPostgres;
  private readonly ip: RateLimiterPostgres;
  private readonly accountIp: RateLimiterPostgres;
  private readonly device: RateLimiterPostgres;
  private readonly secondFactorAccount: RateLimiterPostgres;
  private readonly secondFactorIp: RateLimiterPostgres;

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
    this.accountIp = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'account-ip',
      points: limits.perAccountIp,
    });
    this.device = new RateLimiterPostgres({ ...store, keyPrefix: 'device', points: limits.perDevice });
    this.secondFactorAccount = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'second-factor',
      points: limits.secondFactorPerAccount,
    });
    this.secondFactorIp = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'second-factor-ip',
      points: limits.secondFactorPerIp,
    });
  }

  /**
   * Counts a sign-in attempt; the seconds to wait when it is over a limit, else 0. `device` is the id of
   * a valid device cookie for this account, when the browser sent one.
   */
  async attempt(account: string, ip: string, device?: string): Promise<number> {
    const key = accountKey(account);
    return waitOf([
      device === undefined ? this.account.consume(key) : this.device.consume(device),
      this.ip.consume(ip),
      this.accountIp.consume(`${key}:${ip}`),
    ]);
  }

  /**
   * Counts an attempt at a person's second factor (a code or a recovery code), wherever it is made:
   * at sign-in, confirming it before a sensitive change, turning two-factor sign-in off or making new
   * recovery codes. Counted per account whatever the address, and per address, in the database, so
   * several addresses and several instances share one count. The seconds to wait, else 0.
   */
  async secondFactorAttempt(userId: number, ip: string): Promise<number> {
    return waitOf([this.secondFactorAccount.consume(String(userId)), this.secondFactorIp.consume(ip)]);
  }

  /** A right second factor: the account starts afresh, and the address gets its attempt back. */
  async secondFactorSucceeded(userId: number, ip: string): Promise<void> {
    await Promise.all([this.secondFactorAccount.delete(String(userId)), this.secondFactorIp.reward(ip)]);
  }

  /**
   * A good password: a colleague's success costs the IP nothing, and this address and device start
   * afresh. Without a device cookie the account starts afresh too; with one, strangers' failures at
   * the account keep counting (the owner's success through their own browser unlocks nobody else).
   */
  async succeeded(account: string, ip: string, device?: string): Promise<void> {
    const key = accountKey(account);
    await Promise.all([
      device === undefined ? this.account.delete(key) : this.device.delete(device),
      this.ip.reward(ip),
      this.accountIp.delete(`${key}:${ip}`),
    ]);
  }
}

/** The longest wait any refused limit asks, in whole seconds (0 when none refused). */
async function waitOf(consumed: Promise<unknown>[]): Promise<number> {
  let waitMs = 0;
  for (const r of await Promise.allSettled(consumed)) {
    if (r.status === 'fulfilled') continue;
    if (!(r.reason instanceof RateLimiterRes)) throw r.reason; // the database, not a limit
    waitMs = Math.max(waitMs, r.reason.msBeforeNext);
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/** "30 seconds", "5 minutes": how long a throttled person waits, in words. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** How an account is counted: a hash of its lowercased name, so no name is stored. */
export const accountKey = (account: string) => sha256(account.toLowerCase()).slice(0, 32);
