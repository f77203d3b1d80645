import { DEFAULT_BETTERUPTIME_BASE_URL, isAllowedProviderUrl } from '../../../shared/integrations';
import type { SyncProgress } from '../../../shared/servers';
import { type Clock, systemClock } from '../../core/clock';
import type { AddressPolicy } from '../../core/outbound';
import { realSleep, type Sleep } from '../../core/outbound/lane';
import { ProviderError } from '../../core/outbound/provider-error';
import { badResponse } from './errors';
import {
  type MonitorPage,
  parseMonitorPage,
  parseResponseTimes,
  parseSingleMonitor,
  parseSla,
} from './parse';
import { createRequester } from './request';
import type { BetterUptimeCallInfo, Monitor, MonitorList, MonitorResponseTimes, MonitorSla } from './types';

export type BetterUptimeClientOptions = {
  baseUrl?: string;
  token: string;
  /** The instance's outbound address rule: a base URL on a private address is never contacted. */
  addressPolicy: AddressPolicy;
  clock?: Clock;
  /** Injectable so tests can skip real backoff waits. */
  sleep?: Sleep;
  fetchTimeoutMs?: number;
  /** Shared by every client on the same token; Infinity turns pacing off (tests only). */
  maxRequestsPerSecond?: number;
  /** A Retry-After longer than this fails fast with 'rate_limited' instead of blocking. */
  maxRetryWaitMs?: number;
  onCall?: (info: BetterUptimeCallInfo) => void;
};

export type BetterUptimeClient = ReturnType<typeof createBetterUptimeClient>;

/** The documented maximum: every page costs a request, so ask for the most. */
const PER_PAGE = 250;
/** 250 × 200 = 50,000 monitors: far beyond any agency, and a stop if `next` ever loops. */
const MAX_PAGES = 200;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function createBetterUptimeClient(options: BetterUptimeClientOptions) {
  const base = (options.baseUrl ?? DEFAULT_BETTERUPTIME_BASE_URL).replace(/\/+$/, '');
  const get = createRequester({
    token: options.token,
    addressPolicy: options.addressPolicy,
    clock: options.clock ?? systemClock,
    sleep: options.sleep ?? realSleep,
    maxRequestsPerSecond: options.maxRequestsPerSecond ?? 6,
    fetchTimeoutMs: options.fetchTimeoutMs ?? 15_000,
    maxRetryWaitMs: options.maxRetryWaitMs ?? 60_000,
    onCall: options.onCall,
  });

  // Checked per call (not at construction) so a bad setting surfaces as a ProviderError the UI can show.
  function url(path: string): string {
    if (!isAllowedProviderUrl(base)) {
      throw new ProviderError(
        'network',
        'The Better Uptime address must be https:// (http:// only for localhost)',
        {
          provider: 'betteruptime',
        },
      );
    }
    return `${base}${path}`;
  }

  /**
   * A `next` link is only followed when it stays on our configured origin and API path: the token goes
   * with every request, so a provider (or anyone in the middle) must not be able to send it elsewhere.
   */
  function sameOrigin(next: string): string | null {
    try {
      const target = new URL(next, `${base}/`);
      const home = new URL(base);
      const onPath = target.pathname === `${home.pathname}/monitors`;
      return target.origin === home.origin && onPath ? target.href : null;
    } catch {
      return null;
    }
  }

  /** onPage follows the read page by page (a sync's progress on screen); Better Uptime gives no total. */
  async function listMonitors(
    opts: { onPage?: (progress: SyncProgress) => Promise<void> | void } = {},
  ): Promise<MonitorList> {
    const items: Monitor[] = [];
    let skipped = 0;
    const seen = new Set<string>();
    let next: string | null = url(`/monitors?per_page=${PER_PAGE}`);
    for (let page = 1; next && page <= MAX_PAGES; page++) {
      seen.add(next);
      let parsed: MonitorPage | null;
      try {
        parsed = parseMonitorPage(await get(next));
        if (!parsed) throw badResponse('a monitor list we could not read');
      } catch (error) {
        // Page 1 failing means we know nothing; a later page failing still leaves real data.
        if (page === 1 || !(error instanceof ProviderError)) throw error;
        return { items, partial: true, skipped, error };
      }
      items.push(...parsed.items);
      skipped += parsed.skipped;
      await opts.onPage?.({ done: items.length + skipped, total: null });
      if (!parsed.next) break;
      next = sameOrigin(parsed.next);
      if (!next || seen.has(next)) {
        const error = badResponse('a next-page link we will not follow (another address, or a loop)');
        return { items, partial: true, skipped, error };
      }
    }
    // Only unreadable monitors is not an empty account: it must not replace a good cache with nothing.
    if (items.length === 0 && skipped > 0) throw badResponse('a monitor list we could not read');
    return { items, partial: false, skipped };
  }

  const monitorPath = (id: string) => {
    if (!ID.test(id)) throw new TypeError(`Invalid Better Uptime monitor id: ${JSON.stringify(id)}`);
    return `/monitors/${id}`;
  };

  async function getMonitor(id: string): Promise<Monitor> {
    const monitor = parseSingleMonitor(await get(url(monitorPath(id))));
    if (!monitor) throw badResponse('a monitor we could not read');
    return monitor;
  }

  /** `from`/`to` are UTC calendar days (YYYY-MM-DD), as Better Uptime expects. */
  async function getSla(id: string, from: string, to: string): Promise<MonitorSla> {
    if (!DAY.test(from) || !DAY.test(to)) throw new TypeError('SLA dates must be YYYY-MM-DD');
    const sla = parseSla(await get(url(`${monitorPath(id)}/sla?from=${from}&to=${to}`)));
    if (!sla) throw badResponse('availability figures we could not read');
    return sla;
  }

  async function getResponseTimes(id: string): Promise<MonitorResponseTimes> {
    const times = parseResponseTimes(await get(url(`${monitorPath(id)}/response-times`)));
    if (!times) throw badResponse('response times we could not read');
    return times;
  }

  /** The cheapest authenticated call: one monitor. Proves the token works (saving the integration). */
  async function checkToken(): Promise<void> {
    if (!parseMonitorPage(await get(url('/monitors?per_page=1'))))
      throw badResponse('a monitor list we could not read');
  }

  return { listMonitors, getMonitor, getSla, getResponseTimes, checkToken };
}
