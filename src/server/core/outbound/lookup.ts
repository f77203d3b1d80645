import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { type Resolver, resolveHost } from './dns';
import { OutboundError } from './errors';
import { type AddressGate, type RefusedKind, refusalSentence, refusedAddressMessage } from './policy';

/**
 * Where the outbound address rule meets the socket. Every transport (the guarded request of checks
 * and webhooks, the providers' fetch agent) connects through `guardedLookup` and `refuseLiteral`, so
 * the rule is applied to the exact addresses the socket may connect to, at connect time: a name that
 * resolved to a public address when it was saved and to a private one now gains nothing.
 */
export class RefusedAddressError extends OutboundError {
  constructor(
    /** The host as written in the URL (a name, or the IP itself). */
    readonly host: string,
    readonly address: string,
    readonly kind: RefusedKind,
  ) {
    super('private_address', refusedAddressMessage(address, kind));
    this.name = 'RefusedAddressError';
  }

  /** The full sentence for the person who typed the address, with how to allow it. */
  get sentence(): string {
    return refusalSentence(this.host, this.address, this.kind);
  }
}

/** The refusal for a host that is an IP literal (net.connect does not look those up), else null. */
export function refuseLiteral(hostname: string, gate: AddressGate): RefusedAddressError | null {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (!isIP(host)) return null;
  const kind = gate(host);
  return kind ? new RefusedAddressError(host, host, kind) : null;
}

/** net.connect's lookup, refusing the name when ANY address it resolves to is refused by the policy. */
export function guardedLookup(gate: AddressGate, resolver?: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname, resolver).then(
      (found) => {
        for (const { address } of found) {
          const kind = gate(address);
          if (kind) return callback(new RefusedAddressError(hostname, address, kind), '');
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable: LookupAddress[] = family ? found.filter((a) => a.family === family) : found;
        if (usable.length === 0) {
          const error = Object.assign(new Error(`${hostname} has no IPv${family} address`), {
            code: 'ENOTFOUND',
          });
          return callback(error, '');
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** The refusal anywhere in an error's cause chain (fetch wraps what the connector threw). */
export function refusalIn(error: unknown): RefusedAddressError | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof RefusedAddressError) return e;
  }
  return null;
}
