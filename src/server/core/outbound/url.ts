/**
 * The first half of the outbound address rule: what a user-supplied address must look like before
 * anything is looked up or sent. http and https only, and no user:password (Agency Hub never sends
 * credentials inside an address).
 */
export type OutboundTargetErrorCode =
  | 'invalid_url'
  | 'unsupported_protocol'
  | 'credentials'
  | 'private_address'
  | 'unresolvable';

/** An address refused before anything was sent; `message` is safe and meant for the person who typed it. */
export class OutboundTargetError extends Error {
  readonly code: OutboundTargetErrorCode;
  /** The refused IP address, for 'private_address'. */
  readonly address: string | undefined;

  constructor(code: OutboundTargetErrorCode, message: string, address?: string) {
    super(message);
    this.name = 'OutboundTargetError';
    this.code = code;
    this.address = address;
  }
}

/** Parses and vets the URL itself: http/https only, no user:password. */
export function parseTargetUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundTargetError('invalid_url', `"${printable(String(url))}" is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new OutboundTargetError(
      'unsupported_protocol',
      `Only http and https addresses can be used (got ${printable(parsed.protocol.replace(/:$/, ''))})`,
    );
  }
  if (parsed.username || parsed.password) {
    throw new OutboundTargetError(
      'credentials',
      'Addresses with a user name or password are not allowed: Agency Hub never sends credentials in an address',
    );
  }
  return parsed;
}

/** The host of a URL as an address or a name: IPv6 without brackets, no trailing dot. */
export function hostOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') ? host.slice(1, -1) : host.replace(/\.$/, '');
}

const printable = (value: string) => value.replace(/[^\x20-\x7e]+/g, '?').slice(0, 100);
