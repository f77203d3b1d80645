/**
 * Why a guarded request (a check, a webhook, an RDAP lookup) failed, as a code for programs and a short
 * sentence for people ("Connection refused", "Timed out after 10 s"). Messages never contain response
 * bodies or headers.
 */
export type OutboundErrorCode =
  | 'timeout'
  | 'connect_timeout'
  | 'dns'
  | 'refused'
  | 'reset'
  | 'unreachable'
  | 'tls'
  | 'private_address'
  | 'redirect'
  | 'too_many_redirects'
  | 'invalid_response'
  | 'network';

export class OutboundError extends Error {
  readonly code: OutboundErrorCode;

  constructor(code: OutboundErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboundError';
    this.code = code;
  }
}

/** "10 s", "1.5 s", "300 ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Math.round(ms / 100) / 10} s`;
}

/** "Address 10.0.0.5 is private" → "address 10.0.0.5 is private", to follow "refused: " (not "HTTP"). */
export const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

const codeOf = (error: unknown): string | undefined => {
  const own = (error as { code?: unknown } | undefined)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause && cause !== error ? codeOf(cause) : undefined;
};

/** Maps whatever undici or the socket threw to a OutboundError (a OutboundError passes through unchanged). */
export function toOutboundError(error: unknown, host: string): OutboundError {
  if (error instanceof OutboundError) return error;
  const code = codeOf(error);
  const make = (kind: OutboundErrorCode, message: string) =>
    new OutboundError(kind, message, { cause: error });
  switch (code) {
    case 'ENOTFOUND':
    case 'ENODATA':
      return make('dns', `Host ${host} not found (DNS)`);
    case 'EAI_AGAIN':
    case 'ESERVFAIL':
      return make('dns', `DNS lookup for ${host} failed (temporary)`);
    case 'ECONNREFUSED':
      return make('refused', 'Connection refused');
    case 'ECONNRESET':
    case 'EPIPE':
      return make('reset', 'Connection reset by the server');
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return make('reset', 'Connection closed by the server before it answered');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return make('unreachable', code === 'ENETUNREACH' ? 'Network unreachable' : 'Host unreachable');
    case 'ETIMEDOUT':
      return make('connect_timeout', 'Connection timed out');
    case 'UND_ERR_HEADERS_OVERFLOW':
      return make('invalid_response', 'Response headers too large');
    case 'UND_ERR_INVALID_ARG':
      return make('invalid_response', 'Invalid request or response');
  }
  if (code?.startsWith('HPE_')) return make('invalid_response', 'Invalid HTTP response');
  if (code?.startsWith('ERR_SSL') || code?.startsWith('ERR_TLS')) {
    return make('tls', `TLS handshake failed (${code})`);
  }
  return make('network', code && /^[A-Z_]+$/.test(code) ? `Network error (${code})` : 'Network error');
}
