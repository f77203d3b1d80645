import { isIP } from 'node:net';
import type { Config } from '../../config';
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
import { hostOf, OutboundTargetError, parseTargetUrl } from './url';

/**
 * The outbound address rule, for every address a person typed or a provider handed us (checks, alert
 * webhooks and Slack, provider base URLs, HD Snapshot sites): only public addresses are contacted,
 * unless the operator allows private targets. `assertPublicUrl` gives a clear refusal when such an
 * address is saved; the transports apply the same gate again at connect time, on the very address the
 * socket connects to (lookup.ts), so a name that changes its answer in between gains nothing.
 */
export type AddressPolicy = {
  /** ALLOW_PRIVATE_TARGETS: allow loopback, private, link-local … targets (tests, the demo, intranets). */
  allowPrivate: boolean;
  /** Ranges allowed even when allowPrivate is false (CIDR strings), e.g. one intranet host. */
  allowedRanges?: readonly string[];
};

/** The instance's policy, from its configuration. */
export const addressPolicy = (config: Pick<Config, 'allowPrivateTargets'>): AddressPolicy => ({
  allowPrivate: config.allowPrivateTargets,
});

export type RefusedKind = Exclude<AddressKind, 'public'>;

/** A compiled policy: parses allowedRanges once, answers per address. */
export type AddressGate = (address: string) => RefusedKind | null;

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

export const ALLOW_PRIVATE_HINT =
  'Agency Hub only connects to public addresses. Set ALLOW_PRIVATE_TARGETS=true to allow private targets';

/** "Address 10.0.0.5 is private": the short text a check result carries. */
export function refusedAddressMessage(address: string, kind: RefusedKind): string {
  return `Address ${displayAddress(address)} is ${shortDescription(kind)}`;
}

/**
 * "localhost resolves to 127.0.0.1, a loopback address; Agency Hub only connects to public addresses.
 * Set ALLOW_PRIVATE_TARGETS=true …": the sentence for the person who typed `host`.
 */
export function refusalSentence(host: string, address: string, kind: RefusedKind): string {
  const shown = displayAddress(address);
  const where = address === host ? `${shown} is` : `${host} resolves to ${shown},`;
  return `${where} ${longDescription(kind)}; ${ALLOW_PRIVATE_HINT}.`;
}

export type AssertOptions = AddressPolicy & { resolver?: Resolver };

/**
 * Throws OutboundTargetError unless `url` is an http(s) URL whose host (an IP, or every address its
 * name resolves to) may be contacted under the policy. Returns the parsed URL.
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
      throw new OutboundTargetError('unresolvable', `${host} could not be resolved (${code})`);
    }
  }
  for (const address of addresses) {
    const kind = gate(address);
    if (kind) throw new OutboundTargetError('private_address', refusalSentence(host, address, kind), address);
  }
  return parsed;
}
