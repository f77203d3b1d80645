import type { IncomingHttpHeaders } from 'node:http';
import type { Resolver } from './dns';
import type { AddressPolicy } from './policy';

/**
 * The options and answer of a guarded request, apart from the request itself so that one hop
 * (hop.ts) and the whole request (request.ts) can share them without importing each other.
 */
export type GuardedRequestOptions = AddressPolicy & {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Total budget: lookup, connect, TLS, every hop and the body. */
  timeoutMs: number;
  /** Budget for lookup + TCP + TLS of each hop; at most 5 s. */
  connectTimeoutMs?: number;
  /** How many redirects to follow (each one vetted again); 0 returns the redirect itself. */
  maxRedirects?: number;
  /** Read at most this many bytes of the final body; false skips the body. */
  readBody?: number | false;
  /** Extra trusted CA certificates (PEM), added to Node's store (which has NODE_EXTRA_CA_CERTS). */
  ca?: string | readonly string[];
  resolver?: Resolver;
  signal?: AbortSignal;
};

export type GuardedResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body read (capped), or null when readBody was false. */
  body: Buffer | null;
  /** True when the body was longer than readBody and the rest was not read. */
  truncated: boolean;
  /** The URL that gave this answer, after redirects. */
  url: string;
  redirects: number;
  /** Milliseconds from the start of the request to the final response's headers. */
  headersMs: number;
};
