import {
  type AddressPolicy,
  type CertificateInfo,
  GuardedRequestError,
  guardedRequest,
  OutboundError,
  OutboundTargetError,
  type Resolver,
  soonestExpiring,
} from '../../core/outbound';
import { type KeywordMode, keywordFailure, pageTitle, wordpressFailure } from './content';
import { DEFAULT_EXPECTED_STATUS, describeExpected, matchesStatus, type StatusRange } from './status';

/** One HTTP(S) check: what to ask and what counts as up. */
export type ProbeTarget = {
  url: string;
  /** Total time limit (lookup, connect, TLS, redirects, body). Default 10 s, at most 15 s. */
  timeoutMs?: number;
  /** Statuses that count as up (parseExpectedStatus); default 2xx–3xx. Judged after redirects. */
  expectedStatus?: readonly StatusRange[];
  keyword?: string;
  keywordMode?: KeywordMode;
  /** A WordPress site: its own error pages count as down even when served with 200. */
  wordpress?: boolean;
  /** Follow up to 5 redirects (default), or judge the first answer itself. */
  followRedirects?: boolean;
  /** Read the page and report its title (ProbeResult.title). */
  readTitle?: boolean;
};

/** Settings of the instance, the same for every check. */
export type ProbeOptions = {
  /** The outbound address rule (ALLOW_PRIVATE_TARGETS); private targets are refused when left out. */
  allowPrivate?: boolean;
  allowedRanges?: AddressPolicy['allowedRanges'];
  /** Extra trusted CAs (PEM), on top of Node's store and NODE_EXTRA_CA_CERTS. */
  ca?: string | readonly string[];
  resolver?: Resolver;
  connectTimeoutMs?: number;
  signal?: AbortSignal;
};

export type ProbeResult = {
  ok: boolean;
  /** The final HTTP status, or null when no answer came. */
  status: number | null;
  /**
   * Milliseconds from the start (name lookup, connect, TLS, every redirect) to the final answer's
   * headers; null when no answer came. The body is not included: most checks never read it, so
   * times stay comparable between checks with and without a keyword.
   */
  responseMs: number | null;
  /** Short human text when not ok: "Expected 2xx–3xx, got 503", "Timed out after 10 s" … */
  error: string | null;
  /** Machine-readable reason when not ok. */
  errorCode: ProbeFailureCode | null;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** For https: the certificate that expires first among the hops, also when the check failed. */
  certificate?: CertificateInfo;
  /** The page's title when asked for (readTitle) and an answer came; null when it has none. */
  title?: string | null;
};

export type ProbeFailureCode =
  | OutboundError['code']
  | OutboundTargetError['code']
  | 'status'
  | 'keyword'
  | 'wordpress';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_TIMEOUT_MS = 15_000;
export const MAX_REDIRECTS = 5;
/** The most of a page read for the keyword and WordPress tests; the rest is never downloaded. */
export const BODY_CAP_BYTES = 1024 * 1024;
export const USER_AGENT = 'AgencyHub-Check/1.0';

const HEADERS = { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** Runs one check. Never throws: every failure is a result with ok false and a reason. */
export async function probeHttp(target: ProbeTarget, options: ProbeOptions = {}): Promise<ProbeResult> {
  const certificates: CertificateInfo[] = [];
  const timeoutMs = Math.min(target.timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const wantsBody = Boolean(target.keyword) || Boolean(target.wordpress) || Boolean(target.readTitle);
  const fail = (code: ProbeFailureCode, error: string, finalUrl: string, extra: Partial<ProbeResult> = {}) =>
    withCertificate(
      { ok: false, status: null, responseMs: null, error, errorCode: code, finalUrl, ...extra },
      certificates,
    );
  try {
    const response = await guardedRequest(
      target.url,
      {
        allowPrivate: options.allowPrivate ?? false,
        allowedRanges: options.allowedRanges,
        headers: HEADERS,
        timeoutMs,
        connectTimeoutMs: options.connectTimeoutMs,
        maxRedirects: target.followRedirects === false ? 0 : MAX_REDIRECTS,
        readBody: wantsBody ? BODY_CAP_BYTES : false,
        ca: options.ca,
        resolver: options.resolver,
        signal: options.signal,
      },
      certificates,
    );
    const seen = {
      status: response.status,
      responseMs: Math.round(response.headersMs),
      finalUrl: response.url,
      ...(target.readTitle ? { title: response.body ? pageTitle(response.body) : null } : {}),
    };
    const expected = target.expectedStatus ?? DEFAULT_EXPECTED_STATUS;
    const wpError = target.wordpress && response.body ? wordpressFailure(response.body) : null;
    if (!matchesStatus(response.status, expected)) {
      const base = `Expected ${describeExpected(expected)}, got ${response.status}`;
      return fail('status', wpError ? `${wpError} (HTTP ${response.status})` : base, response.url, seen);
    }
    if (wpError) return fail('wordpress', wpError, response.url, seen);
    if (target.keyword && response.body) {
      const mode = target.keywordMode ?? 'present';
      const failure = keywordFailure(response.body, target.keyword, mode, response.truncated);
      if (failure) return fail('keyword', failure, response.url, seen);
    }
    return withCertificate({ ok: true, ...seen, error: null, errorCode: null }, certificates);
  } catch (error) {
    if (error instanceof GuardedRequestError) return fail(error.code, error.message, error.url);
    if (error instanceof OutboundTargetError) return fail(error.code, error.message, target.url);
    const unexpected = error instanceof OutboundError ? error.message : 'Check failed unexpectedly';
    return fail('network', unexpected, target.url);
  }
}

function withCertificate(result: ProbeResult, certificates: CertificateInfo[]): ProbeResult {
  const certificate = soonestExpiring(certificates);
  return certificate ? { ...result, certificate } : result;
}
