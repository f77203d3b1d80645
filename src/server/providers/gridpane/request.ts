import type { Clock } from '../../core/clock';
import type { AddressPolicy } from '../../core/outbound';
import { runInLane, type Sleep } from '../../core/outbound/lane';
import { ProviderError } from '../../core/outbound/provider-error';
import { hostLabel, type JsonResponse, requestJson } from '../../core/outbound/provider-http';
import { withRetries } from '../../core/outbound/retry';
import { badResponse, fromHttpStatus, fromTransport, rateLimited, writeRefused } from './errors';
import { writeAccepted } from './parse';
import type { GridPaneCallInfo } from './types';

export type RequesterOptions = {
  baseUrl: string;
  token: string;
  addressPolicy: AddressPolicy;
  clock: Clock;
  sleep: Sleep;
  minSpacingMs: number;
  fetchTimeoutMs: number;
  maxRateLimitWaitMs: number;
  onCall?: (info: GridPaneCallInfo) => void;
};

/** After this many 429s in a row (each after the full advised wait) we give up instead of looping. */
const MAX_RATE_LIMIT_RETRIES = 3;
/** Used when a 429 carries neither Retry-After-Endpoint nor X-RateLimit-Endpoint-Reset. */
const FALLBACK_WAIT_MS = 30_000;
/** The reset header has 1 s resolution; a little slack avoids a second 429 on the boundary. */
const WAIT_SLACK_MS = 250;

/** The methods a write may use. */
export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * GET one path, or send one write, serialized per token, 429-aware, errors mapped to GridPane
 * ProviderErrors. Both kinds share the token's lane and pacing. Only a 429 is ever sent again: GridPane
 * did nothing with it. A 5xx, a timeout or a lost connection on a write is never retried, since GridPane
 * may have done the work and a second request could do it twice (a second backup).
 */
export function createRequester(options: RequesterOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
  const writeHeaders = { ...headers, 'content-type': 'application/json' };

  async function once(method: string, pathWithQuery: string, body?: string): Promise<JsonResponse> {
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
      status = error instanceof ProviderError ? (error.upstreamStatus ?? null) : null;
      if (error instanceof ProviderError) throw fromTransport(error, options.fetchTimeoutMs, hostLabel(base));
      throw error;
    } finally {
      options.onCall?.({ path: pathWithQuery, status, ms: Math.round(performance.now() - started) });
    }
  }

  function advisedWaitMs(response: JsonResponse): number {
    const retryAfter = Number(response.headers.get('retry-after-endpoint'));
    if (response.headers.has('retry-after-endpoint') && Number.isFinite(retryAfter) && retryAfter >= 0) {
      return retryAfter * 1000;
    }
    const reset = Number(response.headers.get('x-ratelimit-endpoint-reset'));
    if (response.headers.has('x-ratelimit-endpoint-reset') && Number.isFinite(reset) && reset > 0) {
      return Math.max(0, reset * 1000 - options.clock.now().getTime());
    }
    return FALLBACK_WAIT_MS;
  }

  /** Sends in the token's lane; a 429 is waited out in full and sent again, anything else is the answer. */
  function exchange(method: string, pathWithQuery: string, body?: string): Promise<JsonResponse> {
    return runInLane(options.token, options, (paced) =>
      withRetries(
        () => paced(() => once(method, pathWithQuery, body)),
        (answer, attempt) => {
          if (answer.status !== 429) return null;
          const wait = advisedWaitMs(answer);
          if (wait > options.maxRateLimitWaitMs || attempt >= MAX_RATE_LIMIT_RETRIES) throw rateLimited(wait);
          // Sleeping inside the lane keeps every other caller on this token quiet too.
          return wait + WAIT_SLACK_MS;
        },
        options.sleep,
      ),
    );
  }

  return {
    /** The JSON body of a 2xx answer; anything else throws. */
    async get(pathWithQuery: string): Promise<unknown> {
      const response = await exchange('GET', pathWithQuery);
      if (response.status < 200 || response.status >= 300) throw fromHttpStatus(response.status);
      if (response.body === null) throw badResponse(response.status);
      return response.body;
    },
    /**
     * Sends `body` as JSON; answers the 2xx answer's body (null when empty). A non-2xx, or a 2xx whose
     * body says `success: false` or carries an `error`, throws with GridPane's reason.
     */
    async send(method: WriteMethod, path: string, body: unknown): Promise<unknown> {
      const response = await exchange(method, path, JSON.stringify(body));
      const ok = response.status >= 200 && response.status < 300 && writeAccepted(response.body);
      if (!ok) throw writeRefused(response.status, response.body);
      return response.body;
    },
  };
}
