import { z } from 'zod';
import type { Clock } from '../../core/clock';
import { lowerFirst } from '../../core/outbound';

/**
 * IANA's RDAP bootstrap file for domains (https://data.iana.org/rdap/dns.json): `services`
 * is a list of [[labels…], [base URLs…]]. A name is looked up by its longest matching suffix; a TLD
 * missing from the file has no RDAP service at all.
 */
export const IANA_BOOTSTRAP_URL = 'https://data.iana.org/rdap/dns.json';

const bootstrapSchema = z.object({
  services: z.array(z.tuple([z.array(z.string()), z.array(z.string())]).rest(z.unknown())),
});

/** Suffix (lower case) → base URL (ending in "/"). */
export type BootstrapTable = ReadonlyMap<string, string>;

/** Parses the file; throws with a short reason when it is not a bootstrap file. */
export function parseBootstrap(json: unknown): BootstrapTable {
  const parsed = bootstrapSchema.safeParse(json);
  if (!parsed.success) throw new Error('not an RDAP bootstrap file');
  const table = new Map<string, string>();
  for (const [labels, urls] of parsed.data.services) {
    const base = preferredBase(urls);
    if (!base) continue;
    for (const label of labels) table.set(label.toLowerCase().replace(/\.$/, ''), base);
  }
  return table;
}

/** https first (a registry's answer should not travel in clear), then whatever http(s) URL is given. */
function preferredBase(urls: string[]): string | null {
  const usable = urls.filter((url) => /^https?:\/\//i.test(url));
  const chosen = usable.find((url) => url.toLowerCase().startsWith('https:')) ?? usable[0];
  if (!chosen) return null;
  return chosen.endsWith('/') ? chosen : `${chosen}/`;
}

/** The RDAP base for the first of `keys` (longest suffix first) that the table knows. */
export function baseFor(table: BootstrapTable, keys: readonly string[]): string | null {
  for (const key of keys) {
    const base = table.get(key);
    if (base) return base;
  }
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const BOOTSTRAP_RETRY_MS = 5 * 60 * 1000;

/**
 * The bootstrap table, fetched at most once a day (and at most every 5 minutes while it fails; a
 * stale table is used meanwhile). Concurrent callers share one fetch. A string answer is the failure.
 */
export function bootstrapCache(fetchTable: () => Promise<BootstrapTable>, clock: Clock) {
  let table: BootstrapTable | null = null;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let failedAt = Number.NEGATIVE_INFINITY;
  let failure = 'not fetched yet';
  let inflight: Promise<BootstrapTable | string> | null = null;
  return (): Promise<BootstrapTable | string> => {
    const now = clock.now().getTime();
    if (table && now - fetchedAt < DAY_MS) return Promise.resolve(table);
    if (now - failedAt < BOOTSTRAP_RETRY_MS) return Promise.resolve(table ?? failure);
    inflight ??= fetchTable()
      .then(
        (fresh) => {
          table = fresh;
          fetchedAt = clock.now().getTime();
          return fresh;
        },
        (error: unknown) => {
          failedAt = clock.now().getTime();
          failure = lowerFirst(error instanceof Error ? error.message : 'failed');
          return table ?? failure;
        },
      )
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
}
