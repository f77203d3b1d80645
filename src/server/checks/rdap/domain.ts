import { parse } from 'tldts';

/**
 * The registered domain a host name belongs to, by the Public Suffix List (tldts ships it):
 * shop.client.co.uk → client.co.uk, www.example.com → example.com. That is the name a registry
 * knows and whose expiry matters; cutting at the last dot would ask .uk about "co.uk". Private
 * suffixes (blogspot.com, github.io …) are left out on purpose: the registry knows blogspot.com.
 * Null for IP addresses, single labels (localhost) and bare suffixes.
 */
export function registeredDomain(hostOrUrl: string): string | null {
  const parsed = parse(hostOrUrl.trim().toLowerCase());
  if (parsed.isIp || !parsed.domain) return null;
  return parsed.domain;
}

/** Suffixes of `domain` to look up in the bootstrap file, longest first: client.co.uk → co.uk, uk. */
export function bootstrapKeys(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
}
