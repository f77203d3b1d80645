import type { Clock } from '../clock';

type Window = { failures: number[] };

export type ThrottleLimits = { perAccount: number; perIp: number; windowMs: number };

export const defaultLimits: ThrottleLimits = { perAccount: 5, perIp: 20, windowMs: 5 * 60_000 };

/**
 * Counts failed sign-ins per account and per IP in a sliding window (quality bar S3). In memory: one
 * Agency Hub process serves a database, and a restart forgetting attempts is acceptable.
 */
export class LoginThrottle {
  private readonly accounts = new Map<string, Window>();
  private readonly ips = new Map<string, Window>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits = defaultLimits,
  ) {}

  /** Seconds until a new attempt is allowed, or 0 when allowed now. */
  retryAfter(account: string, ip: string): number {
    const now = this.clock.now().getTime();
    const wait = Math.max(
      this.waitFor(this.accounts, account.toLowerCase(), this.limits.perAccount, now),
      this.waitFor(this.ips, ip, this.limits.perIp, now),
    );
    return Math.ceil(wait / 1000);
  }

  recordFailure(account: string, ip: string): void {
    const now = this.clock.now().getTime();
    this.push(this.accounts, account.toLowerCase(), now);
    this.push(this.ips, ip, now);
  }

  /** A successful sign-in clears the account's failures (not the IP's: one good account must not
   * unlock guessing at others from the same address). */
  recordSuccess(account: string): void {
    this.accounts.delete(account.toLowerCase());
  }

  private waitFor(map: Map<string, Window>, key: string, max: number, now: number): number {
    const w = map.get(key);
    if (!w) return 0;
    w.failures = w.failures.filter((t) => t > now - this.limits.windowMs);
    if (w.failures.length === 0) {
      map.delete(key);
      return 0;
    }
    if (w.failures.length < max) return 0;
    // Allowed again once the oldest failure that keeps the count at the limit leaves the window.
    const oldest = w.failures[w.failures.length - max]!;
    return oldest + this.limits.windowMs - now;
  }

  private push(map: Map<string, Window>, key: string, now: number): void {
    const w = map.get(key) ?? { failures: [] };
    w.failures.push(now);
    if (w.failures.length > 100) w.failures.splice(0, w.failures.length - 100);
    map.set(key, w);
  }
}
