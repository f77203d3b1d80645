/**
 * The one error type that leaves `providers/`. Services map it to an AppError; the message is already
 * safe to show (no response bodies, no tokens), so it can go to the UI as-is.
 */
export type ProviderErrorKind =
  // transport-level, raised by requestJson
  | 'timeout'
  | 'network'
  | 'too_large'
  | 'not_json'
  | 'http'
  // the outbound address rule refused the address (never contacted)
  | 'refused_address'
  // provider-level, raised by provider clients
  | 'unauthorized'
  | 'not_found'
  | 'rate_limited'
  | 'server_error'
  | 'bad_response';

export type ProviderErrorOptions = {
  /** HTTP status to give OUR client (502 provider trouble, 504 timeout…). */
  status?: number;
  provider?: string;
  /** The status the provider answered with, when it answered. */
  upstreamStatus?: number;
  /** For 'rate_limited': how long the provider asked us to wait. */
  retryAfterSeconds?: number;
  cause?: unknown;
};

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number;
  readonly provider: string | undefined;
  readonly upstreamStatus: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: ProviderErrorKind, message: string, options: ProviderErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = options.status ?? (kind === 'timeout' ? 504 : 502);
    this.provider = options.provider;
    this.upstreamStatus = options.upstreamStatus;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isProviderError = (error: unknown): error is ProviderError => error instanceof ProviderError;

/**
 * A provider's own error message as one short printable sentence, safe to show: control and non-ASCII
 * characters and runs of spaces collapsed, cut at `max` characters; null when nothing is left.
 */
export function printableSentence(text: string, max = 160): string | null {
  const clean = text
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  return clean.length > max ? `${clean.slice(0, max - 3)}…` : clean;
}
