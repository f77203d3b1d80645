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

/** The methods a write may use. */
export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/** An answer whatever its status, for reads where the status is itself the news (an operation's state). */
export type KinstaAnswer = { status: number; body: unknown };

/**
 * Kinsta's API, one request at a time per key (a 429's wait holds every other caller on that key too):
 * a 429 is retried only after the whole wait it asked for, whatever the method, since Kinsta did nothing
 * with it. A GET's 5xx is retried after a growing backoff. A write's 5xx, timeout or lost connection is
 * never retried: Kinsta may have started the work, and a second request could do it twice (a second
 * backup). Errors are mapped to Kinsta ProviderErrors.
 */
export function createRequester(options: RequesterOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };
  const writeHeaders = { ...headers, 'content-type': 'application/json' };
  const lane = {
    clock: options.clock,
    sleep: options.sleep,
    minSpacingMs: options.minSpacingMs,
    spacingFrom: 'start' as const,
  };

  async function once(method: string, pathWithQuery: string, attempt: number, body?: string) {
    const started = performance.now();
    let status: number | null = null;
    try {
      const response = await requestJson(`${base}${pathWithQuery}`, {
        addressPolicy: options.addressPolicy,
        method,
        headers: body === undefined ? headers : writeHeaders,
        body,
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
  function decide(response: JsonResponse, attempt: number, retryServerErrors: boolean): number | null {
    const limited = response.status === 429;
    if (!limited && (!retryServerErrors || response.status < 500)) return null;
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

  function exchange(
    method: string,
    pathWithQuery: string,
    retryServerErrors: boolean,
    body?: string,
  ): Promise<JsonResponse> {
    // Namespaced, so a key shared by coincidence with another provider's token gets its own lane.
    return runInLane(`kinsta:${options.apiKey}`, lane, (paced) => {
      let attempt = 0;
      return withRetries(
        () => paced(() => once(method, pathWithQuery, attempt++, body)),
        (answer, n) => decide(answer, n, retryServerErrors),
        options.sleep,
      );
    });
  }

  return {
    /** The JSON body of a 2xx answer; anything else throws. */
    async get(pathWithQuery: string): Promise<unknown> {
      const response = await exchange('GET', pathWithQuery, true);
      if (response.status < 200 || response.status >= 300)
        throw fromHttpStatus(response.status, response.body);
      if (response.body === null) throw badResponse('an empty response', response.status);
      return response.body;
    },
    /**
     * A GET answered whatever its status (only a 429 is waited out and asked again; a 5xx is an answer
     * here, not a hiccup): the caller reads the status. Body null when empty or not JSON.
     */
    async getAnswer(pathWithQuery: string): Promise<KinstaAnswer> {
      const response = await exchange('GET', pathWithQuery, false);
      return { status: response.status, body: response.body };
    },
    /** Sends `body` as JSON, once; the 2xx answer's body (null when empty), or throws with Kinsta's reason. */
    async send(method: WriteMethod, path: string, body: unknown): Promise<unknown> {
      const response = await exchange(method, path, false, JSON.stringify(body));
      if (response.status < 200 || response.status >= 300)
        throw fromHttpStatus(response.status, response.body);
      return response.body;
    },
  };
}
