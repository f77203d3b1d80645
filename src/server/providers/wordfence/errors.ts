import { ProviderError, type ProviderErrorKind } from '../../core/outbound/provider-error';
import { WORDFENCE, WORDFENCE_LABEL } from './keys';

/**
 * Wordfence-flavoured errors: every message names Wordfence Intelligence, says what happened and is
 * safe to show as-is (no body, no key).
 */
const make = (
  kind: ProviderErrorKind,
  message: string,
  extra: { status?: number; upstreamStatus?: number; retryAfterSeconds?: number; cause?: unknown } = {},
) => new ProviderError(kind, message, { provider: WORDFENCE, ...extra });

/** The setting that points at the feed, named when the address looks wrong. */
const SETTING = 'WORDFENCE_API_URL';

/** The answer to a request that did not return the feed (anything but 2xx). */
export function fromStatus(status: number, retryAfterSeconds: number | null, host: string): ProviderError {
  const upstream = { upstreamStatus: status };
  if (status === 401 || status === 403) {
    return make('unauthorized', `${WORDFENCE_LABEL} refused the API key (HTTP ${status})`, upstream);
  }
  if (status === 429) {
    const when = retryAfterSeconds === null ? 'try again later' : `it asks us to wait ${retryAfterSeconds} s`;
    return make('rate_limited', `${WORDFENCE_LABEL} is limiting requests (HTTP 429): ${when}`, {
      ...upstream,
      status: 503,
      retryAfterSeconds: retryAfterSeconds ?? undefined,
    });
  }
  if (status >= 300 && status < 400) {
    return make(
      'bad_response',
      `${WORDFENCE_LABEL} answered with a redirect, which is not followed: check ${SETTING}`,
      upstream,
    );
  }
  if (status === 404) {
    return make(
      'not_found',
      `${WORDFENCE_LABEL} has no feed at ${host} (HTTP 404): check ${SETTING}`,
      upstream,
    );
  }
  if (status >= 500) return make('server_error', `${WORDFENCE_LABEL} failed (HTTP ${status})`, upstream);
  return make('bad_response', `${WORDFENCE_LABEL} refused the request (HTTP ${status})`, upstream);
}

/** A transport failure before the answer's headers arrived, reworded for Wordfence at `host`. */
export function fromTransport(error: ProviderError, timeoutMs: number, host: string): ProviderError {
  const extra = { cause: error, upstreamStatus: error.upstreamStatus };
  switch (error.kind) {
    case 'refused_address':
      return make('refused_address', `${WORDFENCE_LABEL}: ${error.message}`, { ...extra, status: 400 });
    case 'timeout':
      return timedOut(timeoutMs, error);
    default:
      return make('network', `Could not connect to ${WORDFENCE_LABEL} at ${host}`, extra);
  }
}

export const timedOut = (timeoutMs: number, cause?: unknown) =>
  make('timeout', `${WORDFENCE_LABEL} did not send its feed within ${seconds(timeoutMs)}`, { cause });

/** Said when the feed stopped early, cut off or with its connection dropped: nothing read may be kept. */
export const INCOMPLETE = `${WORDFENCE_LABEL}'s feed ended before it was complete`;

export const incomplete = (cause: unknown, kind: 'bad_response' | 'network' = 'bad_response') =>
  make(kind, INCOMPLETE, { cause, upstreamStatus: 200 });

export const badFeed = (what: string, cause?: unknown) =>
  make('bad_response', `${WORDFENCE_LABEL} sent ${what}`, { cause, upstreamStatus: 200 });

export const tooLarge = (maxBytes: number) =>
  make('bad_response', `${WORDFENCE_LABEL} sent a feed larger than the ${size(maxBytes)} we accept`, {
    upstreamStatus: 200,
  });

export const cancelled = (cause?: unknown) =>
  make('network', `The read of ${WORDFENCE_LABEL}'s feed was cancelled`, { cause });

export const wrongAddress = () =>
  make('network', `${SETTING} must be an https:// address (http:// only for localhost)`);

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`;
const seconds = (ms: number) => `${Math.round((ms / 1000) * 10) / 10} s`;
