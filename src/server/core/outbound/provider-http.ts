import { fetch, type Response } from 'undici';
import {
  type AddressPolicy,
  guardedAgent,
  OutboundTargetError,
  parseTargetUrl,
  type Resolver,
  refusalIn,
} from '.';
import { ProviderError } from './provider-error';

/**
 * The one outbound HTTP helper for every provider: http/https only; the outbound address rule (which
 * the caller must pass: no provider can leave it out) applied at connect time to the address actually
 * connected to; a connect time limit; a total time limit that covers connecting, headers and body; a
 * body size cap enforced while streaming (on the decoded body); JSON only; redirects not followed.
 * Failure messages name the host, never what a server or the network stack answered.
 */
export type RequestJsonOptions = {
  /** Which addresses may be contacted: the instance's policy (core/outbound addressPolicy). */
  addressPolicy: AddressPolicy;
  method?: string;
  headers?: Record<string, string>;
  /** A request body already encoded (a form or JSON), with its content type in `headers`. */
  body?: string;
  /** Total budget for connect + headers + body. */
  timeoutMs?: number;
  /** Budget for the name lookup, the TCP connection and the TLS handshake. */
  connectTimeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
  /** Name resolution; the system resolver (with a short cache) unless a test passes its own. */
  resolver?: Resolver;
  /** Throw ProviderError 'http' on non-2xx instead of returning the response. */
  throwHttpErrors?: boolean;
};

export type JsonResponse = {
  status: number;
  headers: Headers;
  /** Parsed JSON; null for an empty body or a non-JSON error page. */
  body: unknown;
  /** Only for non-2xx answers whose body is not JSON: a short sanitized excerpt for logs. */
  text?: string;
};

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

export async function requestJson(url: string, options: RequestJsonOptions): Promise<JsonResponse> {
  const target = checkUrl(url);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;

  try {
    const response = await fetch(target, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      signal,
      redirect: 'manual', // a redirect could point anywhere; providers answer directly
      dispatcher: guardedAgent({
        policy: options.addressPolicy,
        connectTimeoutMs,
        resolver: options.resolver,
      }),
    });
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    const raw = await readCapped(response, maxBytes);
    return toJsonResponse(response, raw, options.throwHttpErrors ?? false);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const refused = refusalIn(error);
    if (refused) {
      throw new ProviderError('refused_address', refused.sentence, { status: 400, cause: error });
    }
    if (timeout.aborted) {
      throw new ProviderError('timeout', `No answer within ${formatSeconds(timeoutMs)}`, { cause: error });
    }
    if (options.signal?.aborted) throw new ProviderError('network', 'Request cancelled', { cause: error });
    if (isDecodingError(error)) {
      throw new ProviderError('not_json', 'Expected JSON, got a body that could not be decompressed', {
        cause: error,
      });
    }
    // Refused, reset, not HTTP, no such name …: telling these apart would make this a probe of whatever
    // listens at the address; the host and the time limit are what a person can act on.
    const within = isConnectTimeout(error) ? ` within ${formatSeconds(connectTimeoutMs)}` : '';
    throw new ProviderError('network', `Could not connect to ${target.host}${within}`, { cause: error });
  }
}

/** Reads the (decoded) body, no further than the cap: a small compressed body cannot grow past it. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const isDecodingError = (error: unknown) =>
  /^Z_|^ERR_BROTLI|^ERR__ERROR_FORMAT/.test(
    String(codeOf(error) ?? codeOf((error as { cause?: unknown })?.cause)),
  );
const codeOf = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
const isConnectTimeout = (error: unknown) =>
  [codeOf(error), codeOf((error as { cause?: unknown })?.cause)].includes('UND_ERR_CONNECT_TIMEOUT');

function checkUrl(url: string): URL {
  try {
    return parseTargetUrl(url);
  } catch (error) {
    if (error instanceof OutboundTargetError) throw new ProviderError('network', error.message);
    throw error;
  }
}

function toJsonResponse(response: Response, raw: string, throwHttpErrors: boolean): JsonResponse {
  const { status } = response;
  const headers = response.headers as unknown as Headers;
  const ok = status >= 200 && status < 300;
  if (!ok && throwHttpErrors) {
    throw new ProviderError('http', `HTTP ${status}`, { upstreamStatus: status });
  }
  const contentType = headers.get('content-type') ?? '';
  const parsed = contentType.includes('html') ? undefined : parseJson(raw);
  if (parsed !== undefined) return { status, headers, body: parsed };
  if (ok) {
    throw new ProviderError('not_json', `Expected JSON, got ${contentTypeName(contentType)}`, {
      upstreamStatus: status,
    });
  }
  return { status, headers, body: null, text: excerpt(raw) };
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Short, printable, with anything token-like blanked: safe for a log line, never for the UI. */
export function excerpt(raw: string, max = 120): string {
  return raw
    .slice(0, max * 2)
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/[A-Za-z0-9_\-.]{24,}/g, '[…]')
    .trim()
    .slice(0, max);
}

const contentTypeName = (contentType: string) =>
  contentType ? contentType.split(';')[0]!.trim() : 'no content type';
const tooLarge = (maxBytes: number) =>
  new ProviderError('too_large', `Response larger than ${Math.round(maxBytes / 1024)} KiB`);
const formatSeconds = (ms: number) => `${Math.round((ms / 1000) * 10) / 10} s`;

/** "my.gridpane.com" (with its port when not the default) for messages; the text itself when not a URL. */
export function hostLabel(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
