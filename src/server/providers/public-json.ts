import { systemClock } from '../core/clock';
import type { AddressPolicy } from '../core/outbound';
import { ProviderError, type ProviderErrorKind } from '../core/outbound/provider-error';
import { hostLabel, type JsonResponse, requestJson } from '../core/outbound/provider-http';
import { retryAfterMs } from '../core/outbound/retry';

/**
 * One request to a keyless public JSON feed (wordpress.org's API, endoflife.date): a product-naming
 * User-Agent, a short time limit, a small size cap, redirects not followed, the instance's outbound
 * address rule. Every failure becomes a ProviderError whose message names the feed (`label`), says what
 * happened and is safe to show; the answer's body never goes into it.
 */
export type PublicJsonRequest = {
  url: string;
  /** The provider's name where our tables keep it ("wporg"). */
  provider: string;
  /** How people know the feed: "wordpress.org". */
  label: string;
  /** The setting that points at the feed, named when the address looks wrong. */
  setting: string;
  addressPolicy: AddressPolicy;
  timeoutMs?: number;
  maxBytes?: number;
  /** A form to POST (`application/x-www-form-urlencoded`); without it the request is a GET. */
  form?: Record<string, string>;
  /**
   * Error statuses whose JSON body is an answer of the feed rather than a failure (wordpress.org's
   * plugin information says "never listed" with a 404 and `{"error": "not_found"}`).
   */
  answerStatuses?: number[];
};

/** Feeds ask clients to name themselves. */
export const USER_AGENT = 'AgencyHub/1.0 (self-hosted agency dashboard)';
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export async function requestPublicJson(request: PublicJsonRequest): Promise<unknown> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  let response: JsonResponse;
  try {
    const headers = { accept: 'application/json', 'user-agent': USER_AGENT };
    response = await requestJson(request.url, {
      addressPolicy: request.addressPolicy,
      ...(request.form
        ? {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(request.form).toString(),
          }
        : { headers }),
      timeoutMs,
      maxBytes,
    });
  } catch (error) {
    if (error instanceof ProviderError) throw fromTransport(request, error, timeoutMs, maxBytes);
    throw error;
  }
  if (request.answerStatuses?.includes(response.status) && response.body !== null) return response.body;
  if (response.status < 200 || response.status >= 300) throw fromStatus(request, response);
  return response.body;
}

const make = (
  request: PublicJsonRequest,
  kind: ProviderErrorKind,
  message: string,
  extra: { status?: number; upstreamStatus?: number; retryAfterSeconds?: number; cause?: unknown } = {},
) => new ProviderError(kind, message, { provider: request.provider, ...extra });

/** A feed that answered with something that is not what it publishes. */
export const unexpectedAnswer = (request: Pick<PublicJsonRequest, 'provider' | 'label'>, what: string) =>
  new ProviderError('bad_response', `${request.label} sent ${what}`, { provider: request.provider });

function fromStatus(request: PublicJsonRequest, response: JsonResponse): ProviderError {
  const { status } = response;
  const upstream = { upstreamStatus: status };
  const { label } = request;
  if (status === 429) {
    const waitMs = retryAfterMs(response.headers, systemClock);
    const seconds = waitMs === null ? undefined : Math.max(1, Math.ceil(waitMs / 1000));
    const when = seconds === undefined ? 'try again later' : `it asks us to wait ${seconds} s`;
    return make(request, 'rate_limited', `${label} is limiting requests (HTTP 429): ${when}`, {
      ...upstream,
      status: 503,
      retryAfterSeconds: seconds,
    });
  }
  if (status >= 300 && status < 400) {
    return make(
      request,
      'bad_response',
      `${label} answered with a redirect, which is not followed: check ${request.setting}`,
      upstream,
    );
  }
  if (status === 404) {
    return make(
      request,
      'not_found',
      `${label} has nothing at ${hostLabel(request.url)} (HTTP 404): check ${request.setting}`,
      upstream,
    );
  }
  if (status >= 500) return make(request, 'server_error', `${label} failed (HTTP ${status})`, upstream);
  return make(request, 'bad_response', `${label} refused the request (HTTP ${status})`, upstream);
}

function fromTransport(
  request: PublicJsonRequest,
  error: ProviderError,
  timeoutMs: number,
  maxBytes: number,
): ProviderError {
  const { label } = request;
  const extra = { cause: error, upstreamStatus: error.upstreamStatus };
  switch (error.kind) {
    case 'refused_address':
      return make(request, 'refused_address', `${label}: ${error.message}`, { ...extra, status: 400 });
    case 'timeout':
      return make(
        request,
        'timeout',
        `${label} did not answer within ${Math.round(timeoutMs / 100) / 10} s`,
        extra,
      );
    case 'too_large':
      return make(
        request,
        'bad_response',
        `${label} sent more than the ${Math.round(maxBytes / 1024)} KiB we accept`,
        extra,
      );
    case 'not_json':
      return make(
        request,
        'bad_response',
        `${label} sent ${/html/i.test(error.message) ? 'an HTML page' : 'a cut-off or garbled answer'} instead of its JSON`,
        extra,
      );
    default:
      return make(request, 'network', `Could not connect to ${label} at ${hostLabel(request.url)}`, extra);
  }
}
