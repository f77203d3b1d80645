import { performance } from 'node:perf_hooks';
import type { CertificateInfo } from './certificate';
import { formatDuration, lowerFirst, OutboundError, toOutboundError } from './errors';
import type { GuardedRequestOptions, GuardedResponse } from './guarded';
import { type HopResult, REDIRECT_STATUSES, sendHop } from './hop';
import { hostOf, OutboundTargetError, parseTargetUrl } from './url';

export type { GuardedRequestOptions, GuardedResponse } from './guarded';
export { MAX_CONNECT_TIMEOUT_MS } from './hop';

/**
 * One outbound HTTP(S) request to a user-supplied address (checks, RDAP, webhooks), safe by
 * construction: http/https only; the address policy applied at connect time on every hop; redirects
 * followed by hand, each destination vetted again; a connect limit (≤ 5 s) and a total limit over
 * everything (lookup, connect, TLS, every hop, the body); at most `readBody` bytes read;
 * no cookies, no credentials, nothing sent but what the caller passes.
 *
 * Each hop gets its own short-lived connection (an undici Client, destroyed after the answer). Checks
 * are minutes apart, so a kept-alive connection would almost never be reused, and a fresh one is what
 * a check should measure: the server still accepts connections, and the certificate it serves now.
 */

/** A failed request, with what was learnt before it failed. */
export class GuardedRequestError extends OutboundError {
  constructor(
    error: OutboundError,
    readonly certificates: CertificateInfo[],
    readonly url: string,
  ) {
    super(error.code, error.message, { cause: error.cause });
  }
}

/**
 * Sends the request and answers the final response, or throws GuardedRequestError (a OutboundError) or,
 * for a URL refused before anything was sent, OutboundTargetError. `certificates` receives each TLS
 * certificate seen, in hop order, also when the request then fails.
 */
export async function guardedRequest(
  url: string | URL,
  options: GuardedRequestOptions,
  certificates: CertificateInfo[] = [],
): Promise<GuardedResponse> {
  const start = performance.now();
  let current = parseTargetUrl(url);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const maxRedirects = options.maxRedirects ?? 0;
  let method = options.method ?? 'GET';
  let body = options.body;
  let headers = options.headers;
  for (let redirects = 0; ; redirects++) {
    let hop: HopResult;
    try {
      const hopOptions = { ...options, method, body, headers, followRedirect: redirects < maxRedirects };
      hop = await sendHop(current, hopOptions, signal, certificates);
    } catch (error) {
      let failure = toOutboundError(error, hostOf(current));
      if (timeout.aborted)
        failure = new OutboundError('timeout', `Timed out after ${formatDuration(options.timeoutMs)}`);
      else if (options.signal?.aborted) failure = new OutboundError('timeout', 'Cancelled');
      else if (redirects > 0 && failure.code === 'private_address') {
        failure = new OutboundError(
          'redirect',
          `Redirect to ${current.origin} refused: ${lowerFirst(failure.message)}`,
        );
      }
      throw new GuardedRequestError(failure, certificates, current.href);
    }
    const location = hop.headers.location;
    if (!REDIRECT_STATUSES.has(hop.status) || typeof location !== 'string' || maxRedirects === 0) {
      return { ...hop, url: current.href, redirects, headersMs: hop.headersAt - start };
    }
    if (redirects >= maxRedirects) {
      const error = new OutboundError('too_many_redirects', `Too many redirects (more than ${maxRedirects})`);
      throw new GuardedRequestError(error, certificates, current.href);
    }
    const next = nextUrl(current, location, certificates);
    // Like fetch with Authorization: the caller's headers (a webhook's signature …) stay with its origin.
    if (next.origin !== current.origin) headers = publicHeaders(headers);
    current = next;
    if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
      method = 'GET'; // what browsers do; 307/308 keep the method and the body
      body = undefined;
    }
  }
}

const publicHeaders = (headers: Record<string, string> | undefined) =>
  headers &&
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => ['user-agent', 'accept'].includes(name.toLowerCase())),
  );

function nextUrl(current: URL, location: string, certificates: CertificateInfo[]): URL {
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw new GuardedRequestError(
      new OutboundError('redirect', 'Redirect to an invalid address'),
      certificates,
      current.href,
    );
  }
  try {
    return parseTargetUrl(next);
  } catch (error) {
    const reason = error instanceof OutboundTargetError ? lowerFirst(error.message) : 'not allowed';
    const failure = new OutboundError(
      'redirect',
      `Redirect to ${next.protocol}//${next.host} refused: ${reason}`,
    );
    throw new GuardedRequestError(failure, certificates, current.href);
  }
}
