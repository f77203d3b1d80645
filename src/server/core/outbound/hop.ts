import { performance } from 'node:perf_hooks';
import { Client } from 'undici';
import { readCapped } from './body';
import { type CertificateInfo, secureContextFor } from './certificate';
import { guardedConnector } from './connect';
import type { GuardedRequestOptions, GuardedResponse } from './guarded';
import { addressGate } from './policy';

/**
 * One hop of a guarded request: a fresh undici Client for the origin, connected through the guarded
 * connector, destroyed once the answer (and as much of the body as wanted) is in.
 */
export const MAX_CONNECT_TIMEOUT_MS = 5_000;
export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DISCARD_LIMIT_BYTES = 64 * 1024;

export type HopResult = Omit<GuardedResponse, 'url' | 'redirects' | 'headersMs'> & { headersAt: number };

export async function sendHop(
  url: URL,
  options: GuardedRequestOptions & { method: string; followRedirect: boolean },
  signal: AbortSignal,
  certificates: CertificateInfo[],
): Promise<HopResult> {
  const connectTimeoutMs = Math.min(
    options.connectTimeoutMs ?? MAX_CONNECT_TIMEOUT_MS,
    MAX_CONNECT_TIMEOUT_MS,
  );
  const client = new Client(url.origin, {
    connect: guardedConnector({
      gate: addressGate(options),
      resolver: options.resolver,
      connectTimeoutMs,
      secureContext: secureContextFor(options.ca),
      onCertificate: (certificate) => certificates.push(certificate),
      signal,
    }),
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    pipelining: 1,
  });
  try {
    const response = await client.request({
      path: `${url.pathname}${url.search}`,
      method: options.method as 'GET',
      headers: options.headers,
      body: options.body,
      signal,
    });
    const headersAt = performance.now();
    response.body.on('error', () => {}); // we may drop it half-read; that is not an error for us
    const redirect =
      options.followRedirect && REDIRECT_STATUSES.has(response.statusCode) && response.headers.location;
    if (options.readBody === false || options.readBody === undefined || redirect) {
      // Drained in the background rather than destroyed: a destroyed body and a destroyed client each
      // build an Error with a stack trace, the largest cost of a check. Small bodies end at once; a
      // large one is dropped by dump(); a slow one is cut by the body time limit.
      response.body.dump({ limit: DISCARD_LIMIT_BYTES }).catch(() => {});
      return {
        status: response.statusCode,
        headers: response.headers,
        body: null,
        truncated: false,
        headersAt,
      };
    }
    const encoding = response.headers['content-encoding'];
    const read = await readCapped(
      response.body,
      typeof encoding === 'string' ? encoding : undefined,
      options.readBody,
    );
    return { status: response.statusCode, headers: response.headers, ...read, headersAt };
  } finally {
    client.close().catch(() => {}); // once the answer is in: no error object, unlike destroy()
  }
}
