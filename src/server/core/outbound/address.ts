import ipaddr from 'ipaddr.js';

/**
 * What kind of address an IP is, for the outbound address rule. Only global unicast addresses are
 * public; every special-purpose range (loopback, private 10/8, 172.16/12 and 192.168/16, CGNAT,
 * link-local, unique-local, multicast, documentation, reserved …) is refused unless the operator allows private targets. The range tables
 * come from ipaddr.js (the IANA special-purpose registries, kept up to date by its maintainers) rather
 * than from hand-written bit masks; this file only decides what each range means for us.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

const DESCRIPTIONS: Record<Exclude<AddressKind, 'public'>, { short: string; long: string }> = {
  loopback: { short: 'loopback', long: 'a loopback address' },
  private: { short: 'private', long: 'a private address' },
  shared: { short: 'private (carrier-grade NAT)', long: 'a carrier-grade NAT (private) address' },
  'link-local': { short: 'link-local', long: 'a link-local address' },
  metadata: { short: 'a cloud metadata address', long: 'a cloud metadata address' },
  'unique-local': { short: 'private (unique-local)', long: 'a unique-local (private) IPv6 address' },
  unspecified: { short: 'unspecified', long: 'the unspecified address' },
  multicast: { short: 'multicast', long: 'a multicast address' },
  broadcast: { short: 'broadcast', long: 'the broadcast address' },
  reserved: { short: 'reserved', long: 'a reserved (special-purpose) address' },
};

/** "private", "loopback" … for "Address 10.0.0.5 is private". */
export const shortDescription = (kind: Exclude<AddressKind, 'public'>) => DESCRIPTIONS[kind].short;
/** "a loopback address" … for "example.test resolves to 127.0.0.1, a loopback address". */
export const longDescription = (kind: Exclude<AddressKind, 'public'>) => DESCRIPTIONS[kind].long;

// Instance-metadata services answer credentials to whoever asks from inside the cloud: AWS, GCP, Azure,
// OpenStack (169.254.169.254), AWS over IPv6 (fd00:ec2::254), Alibaba (100.100.100.200), Oracle
// (192.0.0.192). They are already private or reserved; naming them makes the refusal self-explanatory.
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '192.0.0.192']);

const V4_KINDS: Partial<Record<string, AddressKind>> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'shared',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

const V6_KINDS: Partial<Record<string, AddressKind>> = {
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
};

// Only 2000::/3 is allocated as global unicast; ipaddr.js calls anything it has no table for 'unicast'.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64 = [ipaddr.IPv6.parseCIDR('64:ff9b::/96')];
const V4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/**
 * The kind of `ip` (an IPv4 or IPv6 literal, without brackets); null when it is not an IP at all.
 * IPv6 forms that carry an IPv4 address the stack would actually reach (IPv4-mapped ::ffff:a.b.c.d,
 * IPv4-translated, IPv4-compatible, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that address.
 */
export function classifyAddress(ip: string): AddressKind | null {
  if (!ipaddr.isValid(ip)) return null;
  const parsed = ipaddr.parse(ip);
  const text = parsed.toString();
  if (METADATA.has(text)) return 'metadata';
  if (parsed.kind() === 'ipv4') return V4_KINDS[parsed.range()] ?? 'reserved';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return classifyAddress(embedded);
  const range = v6.range();
  if (range === 'unicast') return v6.match(GLOBAL_UNICAST_V6) ? 'public' : 'reserved';
  return V6_KINDS[range] ?? 'reserved';
}

function embeddedIPv4(v6: ipaddr.IPv6): string | null {
  const range = v6.range();
  const bytes = v6.toByteArray();
  const last4 = () => bytes.slice(12).join('.');
  if (range === 'ipv4Mapped' || range === 'rfc6145') return last4();
  if (NAT64.some((cidr) => v6.match(cidr))) return last4();
  if (range === '6to4') return bytes.slice(2, 6).join('.');
  // ::a.b.c.d (deprecated IPv4-compatible); :: and ::1 themselves are unspecified and loopback.
  if (v6.match(V4_COMPATIBLE) && range !== 'unspecified' && range !== 'loopback') return last4();
  return null;
}

/** "::ffff:a9fe:a9fe (169.254.169.254)" for IPv6 forms that carry an IPv4 address, else the address. */
export function displayAddress(ip: string): string {
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const embedded = embeddedIPv4(ipaddr.IPv6.parse(ip));
  return embedded ? `${ip} (${embedded})` : ip;
}

/** A parsed CIDR list ("10.1.0.0/16", "127.0.0.2/32", "fd00::/8") an operator allows despite being private. */
export type AllowedRanges = ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;

export function parseRanges(cidrs: readonly string[]): AllowedRanges {
  return cidrs.map((cidr) => {
    if (!ipaddr.isValidCIDR(cidr)) throw new Error(`"${cidr}" is not an address range (e.g. 10.1.0.0/16)`);
    return ipaddr.parseCIDR(cidr);
  });
}

export function inRanges(ip: string, ranges: AllowedRanges): boolean {
  if (ranges.length === 0) return false;
  const parsed = ipaddr.process(ip); // IPv4-mapped IPv6 compared as the IPv4 it carries
  return ranges.some((range) => parsed.kind() === range[0].kind() && parsed.match(range));
}
