import { ProviderError, printableSentence } from '../../core/outbound/provider-error';

/** GridPane-flavoured errors: every message names GridPane and is safe to show as-is. */
const make = (kind: ProviderError['kind'], message: string, extra: { upstreamStatus?: number } = {}) =>
  new ProviderError(kind, message, { provider: 'gridpane', ...extra });

export function fromHttpStatus(status: number): ProviderError {
  if (status === 401 || status === 403) {
    return make('unauthorized', `GridPane rejected the access token (HTTP ${status})`, {
      upstreamStatus: status,
    });
  }
  if (status === 404) {
    return new ProviderError('not_found', 'GridPane could not find that item (HTTP 404)', {
      provider: 'gridpane',
      status: 404,
      upstreamStatus: status,
    });
  }
  if (status >= 500) {
    return make('server_error', `GridPane is having trouble (HTTP ${status})`, { upstreamStatus: status });
  }
  return make('bad_response', `GridPane refused the request (HTTP ${status})`, { upstreamStatus: status });
}

/**
 * GridPane's own words in an error body, as one short printable sentence: `{"error": {"code", "message"}}`,
 * `{"error": "…"}` or Laravel's `{"message": "…"}`; null when it gives none.
 */
export function errorDetail(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, message } = body as { error?: unknown; message?: unknown };
  const nested =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
  for (const candidate of [nested, message]) {
    if (typeof candidate !== 'string') continue;
    const sentence = printableSentence(candidate);
    if (sentence) return sentence;
  }
  return null;
}

/**
 * A write GridPane did not accept: a non-2xx answer, or a 2xx whose body says `success: false` or
 * carries an `error`. GridPane's reason follows the status, so a person sees why (a refused tag…).
 */
export function writeRefused(status: number, body: unknown): ProviderError {
  if (status === 401 || status === 403 || status === 404) return fromHttpStatus(status);
  const detail = errorDetail(body);
  const suffix = detail ? `: ${detail}` : '';
  if (status >= 500) {
    return make('server_error', `GridPane is having trouble (HTTP ${status})${suffix}`, {
      upstreamStatus: status,
    });
  }
  const what =
    status >= 200 && status < 300
      ? 'GridPane refused the request'
      : `GridPane refused the request (HTTP ${status})`;
  return make('bad_response', `${what}${suffix}`, { upstreamStatus: status });
}

export const badResponse = (upstreamStatus?: number) =>
  make('bad_response', 'GridPane sent a response we could not read', { upstreamStatus });

export const rateLimited = (waitMs: number) => {
  const seconds = Math.ceil(waitMs / 1000);
  return new ProviderError('rate_limited', `GridPane rate limit reached: it asks us to wait ${seconds} s`, {
    provider: 'gridpane',
    status: 503,
    upstreamStatus: 429,
    retryAfterSeconds: seconds,
  });
};

/** requestJson's transport errors, reworded for GridPane at `host` (timeouts keep status 504). */
export function fromTransport(error: ProviderError, timeoutMs: number, host: string): ProviderError {
  const options = { provider: 'gridpane', cause: error, upstreamStatus: error.upstreamStatus };
  switch (error.kind) {
    case 'refused_address':
      return new ProviderError('refused_address', `GridPane: ${error.message}`, { ...options, status: 400 });
    case 'timeout':
      return new ProviderError('timeout', `GridPane did not answer within ${seconds(timeoutMs)}`, options);
    case 'not_json': {
      // An HTML page is often the wrong address (the dashboard instead of the API) or a maintenance page.
      const what = /html/i.test(error.message)
        ? 'an HTML page instead of JSON'
        : 'a response we could not read';
      return new ProviderError('bad_response', `GridPane sent ${what}`, options);
    }
    case 'too_large':
      return new ProviderError('bad_response', 'GridPane sent a response that is too large', options);
    default:
      return new ProviderError('network', `Could not connect to GridPane at ${host}`, options);
  }
}

const seconds = (ms: number) => `${Math.round((ms / 1000) * 10) / 10} s`;
