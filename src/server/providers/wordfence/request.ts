import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fetch, type Response } from 'undici';
import { systemClock } from '../../core/clock';
import {
  type AddressPolicy,
  guardedAgent,
  OutboundTargetError,
  parseTargetUrl,
  type Resolver,
  refusalIn,
} from '../../core/outbound';
import { ProviderError } from '../../core/outbound/provider-error';
import { hostLabel } from '../../core/outbound/provider-http';
import { retryAfterMs } from '../../core/outbound/retry';
import { USER_AGENT } from '../public-json';
import { badFeed, cancelled, fromStatus, fromTransport, incomplete, timedOut } from './errors';

/**
 * One GET of a feed whose body is read as a stream, not buffered: the same transport as every provider
 * (undici's fetch through the guarded agent, so the outbound address rule holds at connect time; a
 * connect time limit; redirects not followed), with a total time limit that covers the whole body.
 * The feed is far larger than the 10 MB that requestJson buffers, which is why this does not use it.
 */
export type FeedRequest = {
  url: string;
  apiKey: string;
  addressPolicy: AddressPolicy;
  /** Total budget: connect, headers and the whole body. */
  timeoutMs: number;
  connectTimeoutMs: number;
  /** The caller's own cancellation. */
  signal?: AbortSignal;
  /** Name resolution; the system resolver unless a test passes its own. */
  resolver?: Resolver;
};

export type OpenFeed = {
  /** The answer's body (decoded when the server compressed it), as a Node stream. */
  body: Readable;
  /** Stops reading and drops the connection; harmless after the body has ended. */
  hangUp(): void;
  /** The ProviderError for a failure while the body was being read. */
  failure(error: unknown): ProviderError;
  /** The time limit or the caller's cancellation, once either has struck; else null. */
  interrupted(): ProviderError | null;
};

/** Sends the request; resolves once a 2xx answer's headers are in, with its body still to read. */
export async function openFeed(request: FeedRequest): Promise<OpenFeed> {
  const host = hostLabel(request.url);
  const target = checkUrl(request.url);
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const stop = new AbortController();
  const signals = [timeout, stop.signal, ...(request.signal ? [request.signal] : [])];
  const signal = AbortSignal.any(signals);

  /** Why the request ended early, when it was a limit or a cancellation rather than the server. */
  const ended = (error: unknown): ProviderError | null => {
    if (timeout.aborted) return timedOut(request.timeoutMs, error);
    if (request.signal?.aborted) return cancelled(error);
    return null;
  };

  let response: Response;
  try {
    response = await fetch(target, {
      method: 'GET',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${request.apiKey}`,
        'user-agent': USER_AGENT,
      },
      signal,
      redirect: 'manual', // a redirect could send the key anywhere; the feed answers directly
      dispatcher: guardedAgent({
        policy: request.addressPolicy,
        connectTimeoutMs: request.connectTimeoutMs,
        resolver: request.resolver,
      }),
    });
  } catch (error) {
    const refused = refusalIn(error);
    if (refused) {
      const transport = new ProviderError('refused_address', refused.sentence, { status: 400, cause: error });
      throw fromTransport(transport, request.timeoutMs, host);
    }
    const early = ended(error);
    if (early) throw early;
    throw fromTransport(new ProviderError('network', host, { cause: error }), request.timeoutMs, host);
  }

  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel().catch(() => {});
    const waitMs =
      response.status === 429 ? retryAfterMs(response.headers as unknown as Headers, systemClock) : null;
    const waitSeconds = waitMs === null ? null : Math.max(1, Math.ceil(waitMs / 1000));
    throw fromStatus(response.status, waitSeconds, host);
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (/html/i.test(contentType) || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw badFeed(response.body ? 'an HTML page instead of its feed' : 'an empty answer instead of its feed');
  }

  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  return {
    body,
    hangUp() {
      stop.abort();
      body.destroy();
    },
    failure(error) {
      if (error instanceof ProviderError) return error;
      // The connection broke or the server stopped sending part way: the feed is incomplete.
      return ended(error) ?? incomplete(error, 'network');
    },
    interrupted: () => ended(undefined),
  };
}

function checkUrl(url: string): URL {
  try {
    return parseTargetUrl(url);
  } catch (error) {
    if (error instanceof OutboundTargetError) throw new ProviderError('network', error.message);
    throw error;
  }
}
