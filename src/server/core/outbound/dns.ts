import { promises as dns, type LookupAddress } from 'node:dns';

/**
 * Name resolution for checks: the system resolver (so /etc/hosts and the operator's DNS set-up apply,
 * as for every other program), with a short cache so that many checks on one site, redirect hops and
 * RDAP calls do not each ask again. Only answers are cached, never the verdict: the address policy is
 * applied to the cached addresses on every use (guard.ts, connect.ts).
 */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

type Entry = { at: number; addresses: Promise<LookupAddress[]> };
const cache = new Map<string, Entry>();

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, order: 'verbatim' });

/**
 * Every address `hostname` resolves to (IPv4 and IPv6). With the default resolver answers are shared
 * for 30 s, and concurrent asks for one name share one lookup; failures are not cached.
 */
export function resolveHost(hostname: string, resolver?: Resolver): Promise<LookupAddress[]> {
  if (resolver) return resolver(hostname);
  const key = hostname.toLowerCase();
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.addresses;
  const addresses = systemResolver(key).then((found) => {
    if (found.length === 0) throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENODATA' });
    return found;
  });
  if (cache.size >= MAX_ENTRIES) evictOldest(now);
  cache.set(key, { at: now, addresses });
  addresses.catch(() => {
    if (cache.get(key)?.addresses === addresses) cache.delete(key);
  });
  return addresses;
}

function evictOldest(now: number) {
  for (const [key, entry] of cache) {
    if (now - entry.at >= TTL_MS || cache.size >= MAX_ENTRIES) cache.delete(key);
    else break; // a Map iterates in insertion order: the rest are younger
  }
}
