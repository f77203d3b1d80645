import type { LookupFunction } from 'node:net';
import { Agent, fetch, type Response } from 'undici';
import { ProviderError } from './errors';

/**
 * The one outbound HTTP helper for every provider (R1, S10): http/https only, a connect time limit, a
 * total time limit that covers connecting, headers and body, a body size cap enforced while streaming
 * (on the decoded body), JSON only, redirects not followed.
 */
export type RequestJsonOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** Total budget for connect + headers + body. */
  timeoutMs?: number;
  /** Budget for the name lookup, the TCP connection and the TLS handshake. */
  connectTimeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
  lookup?: LookupFunction;
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

export async function requestJson(url: string, options: RequestJsonOptions = {}): Promise<JsonResponse> {
  const target = checkUrl(url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;

  try {
    const response = await fetch(target, {
      method: options.method ?? 'GET',
      headers: options.headers,
      signal,
      redirect: 'manual', // a redirect could point anywhere; providers answer directly
      dispatcher: agentFor(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, options.lookup),
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
    if (timeout.aborted) {
      throw new ProviderError('timeout', `No answer within ${formatSeconds(timeoutMs)}`, { cause: error });
    }
    if (options.signal?.aborted) throw new ProviderError('network', 'Request cancelled', { cause: error });
    if (isDecodingError(error)) {
      throw new ProviderError('not_json', 'Expected JSON, got a body that could not be decompressed', {
        cause: error,
      });
    }
    throw new ProviderError('network', networkMessage(error), { cause: error });
  }
}

/**
 * undici (the client under Node's own fetch) bounds the connect phase — name lookup, TCP and TLS —
 * which global fetch cannot be told to do (R1). One agent per connect limit, so connections are reused.
 */
const agents = new Map<number, Agent>();
function agentFor(connectTimeoutMs: number, lookup?: LookupFunction): Agent {
  if (lookup) return new Agent({ connect: { timeout: connectTimeoutMs, lookup } });
  let agent = agents.get(connectTimeoutMs);
  if (!agent) {
    agent = new Agent({ connect: { timeout: connectTimeoutMs } });
    agents.set(connectTimeoutMs, agent);
  }
  return agent;
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

function checkUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProviderError('network', 'Invalid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ProviderError('network', `Only http and https URLs are allowed (got ${parsed.protocol})`);
  }
  return parsed;
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

function networkMessage(error: unknown): string {
  const own = codeOf(error);
  const found = typeof own === 'string' ? own : codeOf((error as { cause?: unknown })?.cause);
  // undici's name for a connection attempt past the connect limit is the OS's ETIMEDOUT.
  const code = found === 'UND_ERR_CONNECT_TIMEOUT' ? 'ETIMEDOUT' : found;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code)
    ? `Could not reach the server (${code})`
    : 'Could not reach the server';
}
