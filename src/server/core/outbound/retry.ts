import type { Clock } from '../clock';
import type { Sleep } from './lane';

/**
 * Retry plumbing shared by provider clients. Each provider decides WHICH answers to retry and how long
 * to wait (GridPane has its own 429 headers); this only runs the loop and parses the standard header.
 */

/**
 * Sends, then asks `decide` about the result: a number means "wait that many ms and send again", null
 * means "done, return it". `decide` may throw to give up (attempt counts retries already made).
 */
export async function withRetries<T>(
  send: () => Promise<T>,
  decide: (result: T, attempt: number) => number | null,
  sleep: Sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const result = await send();
    const wait = decide(result, attempt);
    if (wait === null) return result;
    await sleep(wait);
  }
}

/** `Retry-After` as delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(headers: Headers, clock: Clock): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - clock.now().getTime());
}

/** 2 s, 4 s, 8 s … capped: used when the provider gives no wait hint of its own. */
export const exponentialBackoffMs = (attempt: number, baseMs = 2000, capMs = 30_000) =>
  Math.min(capMs, baseMs * 2 ** attempt);
