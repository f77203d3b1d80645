import { systemClock } from '../../core/clock';
import { ProviderError, type ProviderErrorKind } from '../../core/outbound/provider-error';
import type { JsonResponse } from '../../core/outbound/provider-http';
import { retryAfterMs } from '../../core/outbound/retry';

/** HD Snapshot errors: every message names the site and "HD Snapshot"; never a body excerpt. */
const make = (
  kind: ProviderErrorKind,
  message: string,
  extra: { upstreamStatus?: number; cause?: unknown } = {},
) => new ProviderError(kind, message, { provider: 'hdsnapshot', ...extra });

const code = (body: unknown): string | null => {
  const value = (body as { code?: unknown } | null)?.code;
  return typeof value === 'string' ? value : null;
};

/** Any non-2xx answer (requestJson does not follow redirects, so 3xx arrive here too). */
export function fromStatus(domain: string, response: JsonResponse): ProviderError {
  const { status, body } = response;
  const upstream = { upstreamStatus: status };
  const wpCode = code(body);
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location') ?? '';
    const why = /wp-login\.php/i.test(location)
      ? 'the site redirects to its login page (wp-login.php), so a security plugin may be blocking the REST API'
      : 'the site answered with a redirect, which is not followed';
    return make('bad_response', `HD Snapshot plugin unreachable on ${domain}: ${why}`, upstream);
  }
  if (status === 401 || status === 403) {
    if (body === null) {
      return make(
        'unauthorized',
        `${domain} blocked the HD Snapshot request (HTTP ${status}, an HTML page): a firewall or security plugin may be in the way`,
        upstream,
      );
    }
    const hint =
      wpCode === 'hd_snapshot_missing_token'
        ? ': the token did not reach the plugin (a proxy may drop the header)'
        : '';
    return make(
      'unauthorized',
      `HD Snapshot on ${domain} rejected the global token (HTTP ${status})${hint}`,
      upstream,
    );
  }
  if (status === 404) {
    return make('not_found', `The HD Snapshot plugin is not installed or not active on ${domain}`, upstream);
  }
  if (status === 429) return rateLimited(domain, response);
  if (wpCode === 'hd_snapshot_not_configured') {
    return make(
      'unauthorized',
      `HD Snapshot on ${domain} has no token configured yet: set the global token in the plugin's settings`,
      upstream,
    );
  }
  if (status >= 500)
    return make('server_error', `HD Snapshot on ${domain} failed (HTTP ${status})`, upstream);
  return make('bad_response', `HD Snapshot on ${domain} refused the request (HTTP ${status})`, upstream);
}

/**
 * The plugin sets no limit; a firewall or CDN in front of the site does, with a plain Retry-After. The
 * fetch is not retried (a person is waiting on the page): the wait goes into the message and, with no
 * cache to show, into our own Retry-After.
 */
function rateLimited(domain: string, response: JsonResponse): ProviderError {
  const waitMs = retryAfterMs(response.headers, systemClock);
  const seconds = waitMs === null ? undefined : Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds === undefined ? 'try again later' : `it asks us to wait ${seconds} s`;
  return new ProviderError(
    'rate_limited',
    `${domain} is limiting requests to HD Snapshot (HTTP 429): ${when}`,
    {
      provider: 'hdsnapshot',
      status: 503,
      upstreamStatus: 429,
      retryAfterSeconds: seconds,
    },
  );
}

/** requestJson's transport errors, reworded with the domain. */
export function fromTransport(domain: string, error: ProviderError, timeoutMs: number): ProviderError {
  const extra = { cause: error, upstreamStatus: error.upstreamStatus };
  switch (error.kind) {
    case 'refused_address':
      return new ProviderError('refused_address', `HD Snapshot did not contact ${domain}: ${error.message}`, {
        ...extra,
        provider: 'hdsnapshot',
        status: 400,
      });
    case 'timeout':
      return make(
        'timeout',
        `HD Snapshot on ${domain} did not answer within ${Math.round(timeoutMs / 100) / 10} s`,
        extra,
      );
    case 'too_large':
      return make(
        'too_large',
        `HD Snapshot on ${domain} sent more than the ${kib(error.message)} we accept`,
        extra,
      );
    case 'not_json':
      return notSnapshot(
        domain,
        /html/i.test(error.message) ? 'got an HTML page' : 'got something that is not JSON',
        extra,
      );
    default:
      return make('network', `Could not connect to ${domain} for HD Snapshot`, extra);
  }
}

export const notSnapshot = (
  domain: string,
  what: string,
  extra: { upstreamStatus?: number; cause?: unknown } = {},
) =>
  make(
    'bad_response',
    `${domain} did not answer with HD Snapshot data (${what}) — is the plugin active?`,
    extra,
  );

const kib = (message: string) => /(\d+ KiB)/.exec(message)?.[1] ?? 'size';
