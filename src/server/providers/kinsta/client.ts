import { type Clock, systemClock } from '../../core/clock';
import type { AddressPolicy } from '../../core/outbound';
import { realSleep, type Sleep } from '../../core/outbound/lane';
import { badResponse } from './errors';
import { parseBackups, parseEnvironments, parseSites, parseSoftware, parseValidate } from './parse';
import { createRequester } from './request';
import type {
  KinstaBackup,
  KinstaCallInfo,
  KinstaEnvironment,
  KinstaKey,
  KinstaList,
  KinstaSite,
  KinstaSoftware,
} from './types';

export type KinstaClientOptions = {
  baseUrl: string;
  apiKey: string;
  /** The instance's outbound address rule: a base URL on a private address is never contacted. */
  addressPolicy: AddressPolicy;
  clock?: Clock;
  /** Injectable so tests can skip real waits. */
  sleep?: Sleep;
  /**
   * Spacing between request starts on one key. Kinsta publishes no general limit (only 35 a minute
   * for logs, which we do not read) and does answer 429: one request a second by default.
   */
  minSpacingMs?: number;
  fetchTimeoutMs?: number;
  maxRetryWaitMs?: number;
  onCall?: (info: KinstaCallInfo) => void;
};

export type KinstaClient = ReturnType<typeof createKinstaClient>;

/** Kinsta's ids are UUIDs (numbers for backups): anything else never reaches a path. */
const segment = (value: string) => {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(value)) throw new TypeError(`Invalid Kinsta id: ${value}`);
  return value;
};

/** Kinsta's API, read-only: the key's company, its sites with their environments, and per environment its plugins, themes and backups. */
export function createKinstaClient(options: KinstaClientOptions) {
  const get = createRequester({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    addressPolicy: options.addressPolicy,
    clock: options.clock ?? systemClock,
    sleep: options.sleep ?? realSleep,
    minSpacingMs: options.minSpacingMs ?? 1000,
    fetchTimeoutMs: options.fetchTimeoutMs ?? 15_000,
    maxRetryWaitMs: options.maxRetryWaitMs ?? 120_000,
    onCall: options.onCall,
  });

  const read = async <T>(path: string, parse: (body: unknown) => T | null): Promise<T> => {
    const parsed = parse(await get(path));
    if (parsed === null) throw badResponse();
    return parsed;
  };

  /** A list whose every item was unreadable is not an empty list: it must not replace good data. */
  const list = async <T>(path: string, parse: (body: unknown) => KinstaList<T> | null) => {
    const parsed = await read(path, parse);
    if (parsed.items.length === 0 && parsed.skipped > 0) throw badResponse();
    return parsed;
  };

  const environmentPath = (environmentId: string, what: string) =>
    `/sites/environments/${segment(environmentId)}/${what}`;

  return {
    /** The key in use and its company (`GET /validate`); a refused key is 'unauthorized'. */
    validate: (): Promise<KinstaKey> => read('/validate', parseValidate),
    /** Every site of the company with its environments, in one answer (Kinsta does not page it). */
    listSites: async (companyId: string): Promise<KinstaList<KinstaSite>> =>
      list(`/sites?company=${encodeURIComponent(segment(companyId))}&include_environments=true`, parseSites),
    listEnvironments: async (siteId: string): Promise<KinstaList<KinstaEnvironment>> =>
      list(`/sites/${segment(siteId)}/environments`, parseEnvironments),
    listPlugins: async (environmentId: string): Promise<KinstaList<KinstaSoftware>> =>
      list(environmentPath(environmentId, 'plugins'), (body) => parseSoftware(body, 'plugins')),
    listThemes: async (environmentId: string): Promise<KinstaList<KinstaSoftware>> =>
      list(environmentPath(environmentId, 'themes'), (body) => parseSoftware(body, 'themes')),
    listBackups: async (environmentId: string): Promise<KinstaList<KinstaBackup>> =>
      list(environmentPath(environmentId, 'backups'), (body) => parseBackups(body, 'listed')),
    listDownloadableBackups: async (environmentId: string): Promise<KinstaList<KinstaBackup>> =>
      list(environmentPath(environmentId, 'downloadable-backups'), (body) =>
        parseBackups(body, 'downloadable'),
      ),
  };
}
