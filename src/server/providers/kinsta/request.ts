import type { Clock } from '../../core/clock';
import type { AddressPolicy } from '../../core/outbound';
import { runInLane, type Sleep } from '../../core/outbound/lane';
import { ProviderError } from '../../core/outbound/provider-error';
import { hostLabel, type JsonResponse, requestJson } from '../../core/outbound/provider-http';
import { exponentialBackoffMs, retryAfterMs, withRetries } from '../../core/outbound/retry';
import { badResponse, fromHttpStatus, fromTransport, rateLimited } from './errors';
import type { KinstaCallInfo } from './types';

export type RequesterOptions = {
  baseUrl: string;
  apiKey: string;
  addressPolicy: AddressPolicy;
  clock: Clock;
  sleep: Sleep;
  /** Spacing between request starts on one key. */
  minSpacingMs: number;
  fetchTimeoutMs: number;
  /** A 429 or 5xx asking for longer than this fails fast instead of holding the request. */
  maxRetryWaitMs: number;
  onCall?: (info: KinstaCallInfo) => void;
};

/** Retries per request after a 429 or 5xx; then the error goes up (no retry storms). */
const MAX_RETRIES = 3;
/** Used when a 429 carries no Retry-After: a minute, so the retry does not meet a second 429. */
const FALLBACK_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * GET one path of Kinsta's API: paced per key (a 429's wait holds every other caller on that key too),
 * a 429 retried only after the whole wait it asked for, a 5xx after a growing backoff, errors mapped to
 * Kinsta ProviderErrors.
 */
export function createRequester(options: RequesterOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };
  const lane = {
    clock: options.clock,
    sleep: options.sleep,
    minSpacingMs: options.minSpacingMs,
    spacingFrom: 'start' as const,
  };

  async function once(pathWithQuery: string, attempt: number): Promise<JsonResponse> {
    const started = performance.now();
    let status: number | null = null;
    try {
      const response = await requestJson(`${base}${pathWithQuery}`, {
        addressPolicy: options.addressPolicy,
        headers,
        timeoutMs: options.fetchTimeoutMs,
      });
      status = response.status;
      return response;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      status = error.upstreamStatus ?? null;
      throw fromTransport(error, options.fetchTimeoutMs, hostLabel(base));
    } finally {
      options.onCall?.({ path: pathWithQuery, status, ms: Math.round(performance.now() - started), attempt });
    }
  }

  /** How long to wait before asking again, or null to stop here (success or a final error). */
  function decide(response: JsonResponse, attempt: number): number | null {
    const limited = response.status === 429;
    if (!limited && response.status < 500) return null;
    const advised = retryAfterMs(response.headers, options.clock);
    const wait = limited
      ? (advised ?? FALLBACK_RATE_LIMIT_WAIT_MS)
      : (advised ?? exponentialBackoffMs(attempt));
    if (attempt >= MAX_RETRIES || wait > options.maxRetryWaitMs) {
      if (limited) throw rateLimited(wait);
      return null;
    }
    return wait;
  }

  return function get(pathWithQuery: string): Promise<unknown> {
    // Namespaced, so a key shared by coincidence with another provider's token gets its own lane.
    return runInLane(`kinsta:${options.apiKey}`, lane, async (paced) => {
      let attempt = 0;
      const response = await withRetries(
        () => paced(() => once(pathWithQuery, attempt++)),
        decide,
        options.sleep,
      );
      if (response.status < 200 || response.status >= 300)
        throw fromHttpStatus(response.status, response.body);
      if (response.body === null) throw badResponse('an empty response', response.status);
      return response.body;
    });
  };
}
