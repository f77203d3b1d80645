import type { Clock } from '../../core/clock';
import type { AddressPolicy } from '../../core/outbound';
import { runInLane, type Sleep } from '../../core/outbound/lane';
import { ProviderError } from '../../core/outbound/provider-error';
import { hostLabel, type JsonResponse, requestJson } from '../../core/outbound/provider-http';
import { exponentialBackoffMs, retryAfterMs, withRetries } from '../../core/outbound/retry';
import { badResponse, fromHttpStatus, fromTransport, rateLimited } from './errors';
import type { BetterUptimeCallInfo } from './types';

export type RequesterOptions = {
  token: string;
  addressPolicy: AddressPolicy;
  clock: Clock;
  sleep: Sleep;
  maxRequestsPerSecond: number;
  fetchTimeoutMs: number;
  maxRetryWaitMs: number;
  onCall?: (info: BetterUptimeCallInfo) => void;
};

/** Retries per request after a 429 or 5xx; then the error goes up (no retry storms). */
const MAX_RETRIES = 3;

const retryable = (status: number) => status === 429 || status >= 500;

/**
 * GET one absolute URL: paced per token, 429/5xx retried with backoff, errors mapped to Better Uptime
 * ProviderErrors. Absolute (not a path) because pagination hands us `next` URLs; the client checks
 * their origin before calling this.
 */
export function createRequester(options: RequesterOptions) {
  const headers = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
  const spacing = options.maxRequestsPerSecond > 0 ? 1000 / options.maxRequestsPerSecond : 0;
  const lane = {
    clock: options.clock,
    sleep: options.sleep,
    minSpacingMs: spacing,
    spacingFrom: 'start' as const,
  };

  async function once(url: string, attempt: number): Promise<JsonResponse> {
    const started = performance.now();
    let status: number | null = null;
    try {
      const response = await requestJson(url, {
        addressPolicy: options.addressPolicy,
        headers,
        timeoutMs: options.fetchTimeoutMs,
      });
      status = response.status;
      return response;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      status = error.upstreamStatus ?? null;
      throw fromTransport(error, options.fetchTimeoutMs, hostLabel(url));
    } finally {
      const { pathname, search } = new URL(url);
      const ms = Math.round(performance.now() - started);
      options.onCall?.({ path: `${pathname}${search}`, status, ms, attempt });
    }
  }

  /** How long to wait before retrying this answer, or null to stop here (success or a final error). */
  function decide(response: JsonResponse, attempt: number): number | null {
    if (!retryable(response.status)) return null;
    const advised = retryAfterMs(response.headers, options.clock);
    const wait = advised ?? exponentialBackoffMs(attempt);
    if (attempt >= MAX_RETRIES) return null;
    // A provider asking for minutes gets a quick, honest error instead of a request hanging that long.
    if (wait > options.maxRetryWaitMs) {
      if (response.status === 429) throw rateLimited(wait);
      return null;
    }
    return wait;
  }

  return function get(url: string): Promise<unknown> {
    // The key is namespaced so a token shared by coincidence with another provider gets its own lane.
    return runInLane(`betteruptime:${options.token}`, lane, async (paced) => {
      let attempt = 0;
      const response = await withRetries(
        () => paced(() => once(url, attempt++)),
        (answer, n) => decide(answer, n),
        options.sleep,
      );
      if (response.status === 429) {
        throw rateLimited(retryAfterMs(response.headers, options.clock) ?? exponentialBackoffMs(MAX_RETRIES));
      }
      if (response.status < 200 || response.status >= 300)
        throw fromHttpStatus(response.status, response.body);
      if (response.body === null) throw badResponse('an empty response', response.status);
      return response.body;
    });
  };
}
