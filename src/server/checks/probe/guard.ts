import { isIP } from 'node:net';
import {
  type AddressKind,
  type AllowedRanges,
  classifyAddress,
  displayAddress,
  inRanges,
  longDescription,
  parseRanges,
  shortDescription,
} from './address';
import { type Resolver, resolveHost } from './dns';

/**
 * The SSRF guard (S10, S11). `assertPublicUrl` is what the API calls when a check or a webhook is
 * saved, for a clear 400; the probe and the webhook sender apply the same policy again at connect
 * time, on the very address the socket connects to (see connect.ts), so a name that changes its answer
 * between the save and the request gains nothing.
 */
export type AddressPolicy = {
  /** CHECKS_ALLOW_PRIVATE: allow loopback, private, link-local … targets (tests, the demo, intranets). */
  allowPrivate: boolean;
  /** Ranges allowed even when allowPrivate is false (CIDR strings), e.g. one intranet host. */
  allowedRanges?: readonly string[];
};

export type CheckTargetErrorCode =
  | 'invalid_url'
  | 'unsupported_protocol'
  | 'credentials'
  | 'private_address'
  | 'unresolvable';

/** A target refused before anything was sent; `message` is safe and meant for the person who typed it. */
export class CheckTargetError extends Error {
  readonly code: CheckTargetErrorCode;
  /** The refused address, for 'private_address'. */
  readonly address: string | undefined;

  constructor(code: CheckTargetErrorCode, message: string, address?: string) {
    super(message);
    this.name = 'CheckTargetError';
    this.code = code;
    this.address = address;
  }
}

export const ALLOW_PRIVATE_HINT = 'set CHECKS_ALLOW_PRIVATE=true to allow private targets';

/** Parses and vets the URL itself: http/https only, no user:password (we never send credentials). */
export function parseTargetUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CheckTargetError('invalid_url', `"${printable(String(url))}" is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CheckTargetError(
      'unsupported_protocol',
      `Only http and https URLs can be checked (got ${printable(parsed.protocol.replace(/:$/, ''))})`,
    );
  }
  if (parsed.username || parsed.password) {
    throw new CheckTargetError(
      'credentials',
      'URLs with a user name or password are not allowed: checks never send credentials',
    );
  }
  return parsed;
}

/** The host of a URL as an address or a name: IPv6 without brackets, no trailing dot. */
export function hostOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') ? host.slice(1, -1) : host.replace(/\.$/, '');
}

/** A compiled policy: parses allowedRanges once, answers per address. */
export type AddressGate = (address: string) => Exclude<AddressKind, 'public'> | null;

const gates = new Map<string, AddressGate>();

/** The refusal reason for an address under `policy`, or null when it may be contacted. */
export function addressGate(policy: AddressPolicy): AddressGate {
  if (policy.allowPrivate) return () => null;
  const key = (policy.allowedRanges ?? []).join(',');
  let gate = gates.get(key);
  if (!gate) {
    const ranges: AllowedRanges = parseRanges(policy.allowedRanges ?? []);
    gate = (address) => {
      const kind = classifyAddress(address) ?? 'reserved';
      return kind === 'public' || inRanges(address, ranges) ? null : kind;
    };
    gates.set(key, gate);
  }
  return gate;
}

/** "Address 10.0.0.5 is private": the short text a check result carries. */
export function refusedAddressMessage(address: string, kind: Exclude<AddressKind, 'public'>): string {
  return `Address ${displayAddress(address)} is ${shortDescription(kind)}`;
}

export type AssertOptions = AddressPolicy & { resolver?: Resolver };

/**
 * Throws CheckTargetError unless `url` is an http(s) URL whose host (an IP, or every address its name
 * resolves to) may be contacted under the policy. Returns the parsed URL.
 */
export async function assertPublicUrl(url: string | URL, options: AssertOptions): Promise<URL> {
  const parsed = parseTargetUrl(url);
  if (options.allowPrivate) return parsed;
  const gate = addressGate(options);
  const host = hostOf(parsed);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolveHost(host, options.resolver)).map((a) => a.address);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'ENOTFOUND';
      throw new CheckTargetError('unresolvable', `${host} could not be resolved (${code})`);
    }
  }
  for (const address of addresses) {
    const kind = gate(address);
    if (!kind) continue;
    const shown = displayAddress(address);
    const where = address === host ? `${shown} is` : `${host} resolves to ${shown},`;
    const message = `${where} ${longDescription(kind)}; ${ALLOW_PRIVATE_HINT}`;
    throw new CheckTargetError('private_address', message, address);
  }
  return parsed;
}

const printable = (value: string) => value.replace(/[^\x20-\x7e]+/g, '?').slice(0, 100);
