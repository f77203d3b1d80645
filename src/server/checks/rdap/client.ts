import { type Clock, systemClock } from '../../core/clock';
import {
  type GuardedResponse,
  guardedRequest,
  lowerFirst,
  OutboundError,
  OutboundTargetError,
  type Resolver,
} from '../../core/outbound';
import { retryAfterMs } from '../../core/outbound/retry';
import { USER_AGENT } from '../probe/probe';
import { baseFor, bootstrapCache, IANA_BOOTSTRAP_URL, parseBootstrap } from './bootstrap';
import { bootstrapKeys, registeredDomain } from './domain';
import { readDomainAnswer } from './parse';

/**
 * Domain expiry from the registry's own RDAP service: the registered domain by the Public Suffix
 * List, its registry from IANA's bootstrap file (cached for a day), then GET {base}domain/{name}. The answer is the expiry date or "unknown" with the reason, never a
 * guess. A registry that answers 429 is left alone until its Retry-After has passed: no retry loop.
 * Requests go through the same guarded transport as checks (http/https, address policy, time and
 * size limits).
 */
export type RdapClientOptions = {
  /** IANA's file by default; tests and the demo point it at a local fake. */
  bootstrapUrl?: string;
  /** ALLOW_PRIVATE_TARGETS: needed to reach a fake on this machine. */
  allowPrivate?: boolean;
  allowedRanges?: readonly string[];
  /** Per request (bootstrap file, domain answer); default 10 s. */
  timeoutMs?: number;
  /** Largest answer read; default 2 MB (the bootstrap file is about 40 KB). */
  maxBytes?: number;
  clock?: Clock;
  resolver?: Resolver;
  ca?: string | readonly string[];
};

export type DomainExpiryUnknownReason =
  | 'not_a_domain'
  | 'no_rdap_service'
  | 'bootstrap_unavailable'
  | 'not_found'
  | 'no_expiration'
  | 'rate_limited'
  | 'unreachable'
  | 'bad_answer';

export type DomainExpiry =
  | { status: 'known'; domain: string; expiresAt: string; registrar: string | null }
  | {
      status: 'unknown';
      domain: string | null;
      reason: DomainExpiryUnknownReason;
      /** A sentence for the check page: "The registry does not publish an expiry date for example.de". */
      message: string;
      /** For 'rate_limited': when asking this registry again makes sense. */
      retryAfterSeconds?: number;
    };

const DEFAULT_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;
const ACCEPT = 'application/rdap+json, application/json;q=0.9';

export type RdapClient = { domainExpiry(hostOrUrl: string): Promise<DomainExpiry> };

export function createRdapClient(options: RdapClientOptions = {}): RdapClient {
  const clock = options.clock ?? systemClock;
  const bootstrapUrl = options.bootstrapUrl ?? IANA_BOOTSTRAP_URL;
  const blockedUntil = new Map<string, number>(); // RDAP base → epoch ms
  const bootstrap = bootstrapCache(async () => {
    const { response, json } = await getJson(bootstrapUrl);
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    return parseBootstrap(json);
  }, clock);

  async function getJson(url: string): Promise<{ response: GuardedResponse; json: unknown }> {
    const response = await guardedRequest(url, {
      allowPrivate: options.allowPrivate ?? false,
      allowedRanges: options.allowedRanges,
      headers: { accept: ACCEPT, 'user-agent': USER_AGENT },
      timeoutMs: options.timeoutMs ?? 10_000,
      maxRedirects: 3,
      readBody: options.maxBytes ?? 2 * 1024 * 1024,
      resolver: options.resolver,
      ca: options.ca,
    });
    if (response.status !== 200) return { response, json: null };
    if (response.truncated) throw new OutboundError('invalid_response', 'Answer too large');
    try {
      return { response, json: JSON.parse(response.body!.toString('utf8')) };
    } catch {
      throw new OutboundError('invalid_response', 'Answer is not JSON');
    }
  }

  return {
    async domainExpiry(hostOrUrl) {
      const domain = registeredDomain(hostOrUrl);
      const unknown = (reason: DomainExpiryUnknownReason, message: string, extra = {}): DomainExpiry => ({
        status: 'unknown',
        domain,
        reason,
        message,
        ...extra,
      });
      if (!domain) return unknown('not_a_domain', `${printable(hostOrUrl)} is not a registered domain name`);
      const table = await bootstrap();
      if (typeof table === 'string') {
        return unknown('bootstrap_unavailable', `The RDAP registry list could not be read: ${table}`);
      }
      const keys = bootstrapKeys(domain);
      const base = baseFor(table, keys);
      if (!base) return unknown('no_rdap_service', `.${keys.at(-1)} domains have no RDAP service`);

      const now = clock.now().getTime();
      const until = blockedUntil.get(base) ?? 0;
      if (until > now) return rateLimited(unknown, until - now);
      let answer: { response: GuardedResponse; json: unknown };
      try {
        answer = await getJson(`${base}domain/${encodeURIComponent(domain)}`);
      } catch (error) {
        const reason =
          error instanceof OutboundError || error instanceof OutboundTargetError ? error.message : 'failed';
        const code =
          error instanceof OutboundError && error.code === 'invalid_response' ? 'bad_answer' : 'unreachable';
        return unknown(code, `The registry's RDAP service did not answer usefully: ${lowerFirst(reason)}`);
      }
      const { status, headers } = answer.response;
      if (status === 404) return unknown('not_found', `The registry does not know ${domain}`);
      if (status === 429) {
        const retryAfter = headers['retry-after'];
        const advised = retryAfterMs(
          new Headers(typeof retryAfter === 'string' ? { 'retry-after': retryAfter } : {}),
          clock,
        );
        const waitMs = Math.min(Math.max(advised ?? DEFAULT_BACKOFF_MS, 1000), MAX_BACKOFF_MS);
        blockedUntil.set(base, now + waitMs);
        return rateLimited(unknown, waitMs);
      }
      if (status !== 200) {
        const reason = status >= 500 ? 'unreachable' : 'bad_answer';
        return unknown(reason, `The registry's RDAP service answered HTTP ${status}`);
      }
      const facts = readDomainAnswer(answer.json);
      if (!facts) return unknown('bad_answer', "The registry's RDAP answer could not be read");
      if (!facts.expiresAt) {
        return unknown('no_expiration', `The registry does not publish an expiry date for ${domain}`);
      }
      return { status: 'known', domain, expiresAt: facts.expiresAt, registrar: facts.registrar };
    },
  };
}

type Unknown = (reason: DomainExpiryUnknownReason, message: string, extra?: object) => DomainExpiry;

function rateLimited(unknown: Unknown, waitMs: number): DomainExpiry {
  const seconds = Math.ceil(waitMs / 1000);
  return unknown('rate_limited', `The registry is limiting requests; asking again after ${seconds} s`, {
    retryAfterSeconds: seconds,
  });
}

const printable = (value: string) => value.replace(/[^\x20-\x7e]+/g, '?').slice(0, 100);
