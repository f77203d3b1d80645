import { ProviderError, type ProviderErrorKind, printableSentence } from '../../core/outbound/provider-error';

/** Better Uptime-flavoured errors: every message names Better Uptime and is safe to show as-is. */
const make = (
  kind: ProviderErrorKind,
  message: string,
  extra: { status?: number; upstreamStatus?: number } = {},
) => new ProviderError(kind, message, { provider: 'betteruptime', ...extra });

/**
 * Better Uptime's `errors` is a string ("Resource with provided ID was not found") or a field map
 * ({"url": ["is invalid"]}). Either way we keep a short, printable sentence, never the raw body.
 */
export function errorDetail(body: unknown): string | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  let text: string | null = null;
  if (typeof errors === 'string') text = errors;
  else if (Array.isArray(errors)) text = errors.filter((e) => typeof e === 'string').join('; ');
  else if (errors && typeof errors === 'object') {
    text = Object.entries(errors)
      .map(([field, messages]) => {
        const list = Array.isArray(messages) ? messages : [messages];
        return `${field} ${list.filter((m) => typeof m === 'string').join(', ')}`.trim();
      })
      .join('; ');
  }
  return text ? printableSentence(text) : null;
}

export function fromHttpStatus(status: number, body: unknown): ProviderError {
  const detail = errorDetail(body);
  const suffix = detail ? `: ${detail}` : '';
  const upstream = { upstreamStatus: status };
  if (status === 401 || status === 403) {
    return make('unauthorized', `Better Uptime rejected the API token (HTTP ${status})`, upstream);
  }
  if (status === 404) {
    return make('not_found', `Better Uptime could not find that monitor (HTTP 404)${suffix}`, {
      ...upstream,
      status: 404,
    });
  }
  if (status >= 500) {
    return make('server_error', `Better Uptime is having trouble (HTTP ${status})${suffix}`, upstream);
  }
  return make('bad_response', `Better Uptime refused the request (HTTP ${status})${suffix}`, upstream);
}

export const badResponse = (what = 'a response we could not read', upstreamStatus?: number) =>
  make('bad_response', `Better Uptime sent ${what}`, { upstreamStatus });

export const rateLimited = (waitMs: number) => {
  const seconds = Math.ceil(waitMs / 1000);
  return new ProviderError(
    'rate_limited',
    `Better Uptime rate limit reached: it asks us to wait ${seconds} s`,
    {
      provider: 'betteruptime',
      status: 503,
      upstreamStatus: 429,
      retryAfterSeconds: seconds,
    },
  );
};

/** requestJson's transport errors, reworded for Better Uptime at `host` (timeouts keep status 504). */
export function fromTransport(error: ProviderError, timeoutMs: number, host: string): ProviderError {
  const options = { provider: 'betteruptime', cause: error, upstreamStatus: error.upstreamStatus };
  switch (error.kind) {
    case 'refused_address':
      return new ProviderError('refused_address', `Better Uptime: ${error.message}`, {
        ...options,
        status: 400,
      });
    case 'timeout':
      return new ProviderError(
        'timeout',
        `Better Uptime did not answer within ${seconds(timeoutMs)}`,
        options,
      );
    case 'not_json': {
      const what = /html/i.test(error.message)
        ? 'an HTML page instead of JSON'
        : 'a response we could not read';
      return new ProviderError('bad_response', `Better Uptime sent ${what}`, options);
    }
    case 'too_large':
      return new ProviderError('bad_response', 'Better Uptime sent a response that is too large', options);
    default:
      return new ProviderError('network', `Could not connect to Better Uptime at ${host}`, options);
  }
}

const seconds = (ms: number) => `${Math.round((ms / 1000) * 10) / 10} s`;
