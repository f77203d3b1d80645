import { ProviderError, type ProviderErrorKind, printableSentence } from '../../core/outbound/provider-error';

/** Kinsta-flavoured errors: every message names Kinsta and is safe to show as-is. */
const make = (
  kind: ProviderErrorKind,
  message: string,
  extra: { status?: number; upstreamStatus?: number; retryAfterSeconds?: number; cause?: unknown } = {},
) => new ProviderError(kind, message, { provider: 'kinsta', ...extra });

/** Kinsta's error envelope `{ message, status, data }`: its message as a short printable sentence. */
export function errorDetail(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? printableSentence(message) : null;
}

export function fromHttpStatus(status: number, body: unknown): ProviderError {
  const detail = errorDetail(body);
  const suffix = detail ? `: ${detail}` : '';
  const upstream = { upstreamStatus: status };
  if (status === 401 || status === 403) {
    return make('unauthorized', `Kinsta rejected the API key (HTTP ${status})`, upstream);
  }
  // Kinsta answers 404 both for what does not exist and for what the key's role may not see.
  if (status === 404) {
    return make('not_found', 'Kinsta could not find that, or the API key may not see it (HTTP 404)', {
      ...upstream,
      status: 404,
    });
  }
  if (status >= 500)
    return make('server_error', `Kinsta is having trouble (HTTP ${status})${suffix}`, upstream);
  return make('bad_response', `Kinsta refused the request (HTTP ${status})${suffix}`, upstream);
}

export const rateLimited = (waitMs: number) =>
  make('rate_limited', `Kinsta asked us to slow down; try again in ${Math.ceil(waitMs / 1000)} s`, {
    status: 503,
    upstreamStatus: 429,
    retryAfterSeconds: Math.ceil(waitMs / 1000),
  });

export const badResponse = (what = 'a response we could not read', upstreamStatus?: number) =>
  make('bad_response', `Kinsta sent ${what}`, { upstreamStatus });

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** A transport failure (timeout, refused address, HTML page …) told as Kinsta's. */
export function fromTransport(error: ProviderError, timeoutMs: number, host: string): ProviderError {
  const options = { cause: error, upstreamStatus: error.upstreamStatus };
  switch (error.kind) {
    case 'refused_address':
      return make('refused_address', `Kinsta: ${error.message}`, { ...options, status: 400 });
    case 'timeout':
      return make('timeout', `Kinsta did not answer within ${seconds(timeoutMs)}`, {
        ...options,
        status: 504,
      });
    case 'not_json':
      return badResponse(
        /html/i.test(error.message) ? 'an HTML page instead of JSON' : undefined,
        error.upstreamStatus,
      );
    case 'too_large':
      return badResponse('a response that is too large', error.upstreamStatus);
    default:
      return make('network', `Kinsta could not be reached at ${host}`, options);
  }
}
