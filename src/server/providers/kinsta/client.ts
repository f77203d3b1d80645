import { type Clock, systemClock } from '../../core/clock';
import type { AddressPolicy } from '../../core/outbound';
import { realSleep, type Sleep } from '../../core/outbound/lane';
import { badResponse, fromHttpStatus } from './errors';
import {
  parseBackups,
  parseCompanyUsers,
  parseEnvironments,
  parseOperation,
  parseOperationStarted,
  parseSites,
  parseSoftware,
  parseUpdateStarted,
  parseValidate,
} from './parse';
import { createRequester } from './request';
import { KINSTA_ID, OPERATION_ID, SOFTWARE_SLUG, SOFTWARE_VERSION } from './schemas';
import type {
  KinstaBackup,
  KinstaCallInfo,
  KinstaEnvironment,
  KinstaKey,
  KinstaList,
  KinstaOperation,
  KinstaSite,
  KinstaSoftware,
  KinstaUser,
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
  if (!KINSTA_ID.test(value)) throw new TypeError(`Invalid Kinsta id: ${value}`);
  return value;
};

/** An operation id ("backups:add-manual-<uuid>") as a path segment: checked, then encoded (its colon). */
const operationSegment = (value: string) => {
  if (!OPERATION_ID.test(value)) throw new TypeError(`Invalid Kinsta operation id: ${value}`);
  return encodeURIComponent(value);
};

/** A plugin's or theme's slug, checked before it goes into an update's body. */
const softwareSlug = (value: string) => {
  if (typeof value !== 'string' || !SOFTWARE_SLUG.test(value)) {
    throw new TypeError(`Invalid plugin or theme slug: ${String(value).slice(0, 120)}`);
  }
  return value;
};

/** The version an update asks for, checked before it goes into the body. */
const softwareVersion = (value: string) => {
  if (typeof value !== 'string' || !SOFTWARE_VERSION.test(value)) {
    throw new TypeError(`Invalid plugin or theme version: ${String(value).slice(0, 120)}`);
  }
  return value;
};

/**
 * Kinsta's API: the key's company, its users, its sites with their environments, per environment its
 * plugins, themes and backups; and the writes a person asks for, a manual backup, a restore and the
 * update of one plugin or theme to a version, each followed through its operation.
 */
export function createKinstaClient(options: KinstaClientOptions) {
  const { get, getAnswer, send } = createRequester({
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

  /**
   * Asks Kinsta to update one plugin or theme of an environment to `version`: `PUT …/plugins` (or
   * `…/themes`) with `{ name, update_version }`. Every part is checked before anything is sent.
   */
  const updateSoftware = async (
    kind: 'plugins' | 'themes',
    environmentId: string,
    slug: string,
    version: string,
  ): Promise<{ operationId: string }> => {
    const path = environmentPath(environmentId, kind);
    const body = { name: softwareSlug(slug), update_version: softwareVersion(version) };
    const operationId = parseUpdateStarted(await send('PUT', path, body));
    // Kinsta took it, but without an id we cannot follow it: say so rather than ask again.
    if (operationId === null) {
      throw badResponse(
        `no operation id to follow the ${kind === 'plugins' ? 'plugin' : 'theme'} update with`,
      );
    }
    return { operationId };
  };

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
    /**
     * Asks Kinsta for a manual backup of an environment, noted with `tag`; follow it with
     * `getOperation`. Sent once: a failure after it left (5xx, no answer in time) is thrown, never sent
     * again, since Kinsta may be making that backup already. A refusal throws with Kinsta's reason.
     */
    createManualBackup: async (environmentId: string, tag: string): Promise<{ operationId: string }> => {
      const path = environmentPath(environmentId, 'manual-backups');
      if (typeof tag !== 'string') throw new TypeError('A Kinsta backup tag must be a string');
      const operationId = parseOperationStarted(await send('POST', path, { tag }));
      // Kinsta took it, but without an id we cannot follow it: say so rather than ask again.
      if (operationId === null) throw badResponse('no operation id to follow the backup with');
      return { operationId };
    },
    /** The company's users (`GET /company/{id}/users`): the one a restore notifies is one of them. */
    listCompanyUsers: async (companyId: string): Promise<KinstaUser[]> =>
      (await list(`/company/${segment(companyId)}/users`, parseCompanyUsers)).items,
    /**
     * Asks Kinsta to replace an environment with a backup of its site (one of its own, or another
     * environment's, as staging from live); Kinsta tells `notifiedUserId`, a company user, when it is
     * done. Follow it with `getOperation`. Sent once: a failure after it left (5xx, no answer in time)
     * is thrown, never sent again, since Kinsta may be restoring already and a second restore would
     * overwrite the environment again. A refusal throws with Kinsta's reason.
     */
    restoreBackup: async (
      targetEnvironmentId: string,
      backupId: number,
      notifiedUserId: string,
    ): Promise<{ operationId: string }> => {
      const path = environmentPath(targetEnvironmentId, 'backups/restore');
      if (!Number.isSafeInteger(backupId) || backupId < 0) {
        throw new TypeError(`Invalid Kinsta backup id: ${backupId}`);
      }
      const body = { backup_id: backupId, notified_user_id: segment(notifiedUserId) };
      const operationId = parseOperationStarted(await send('POST', path, body));
      // Kinsta took it, but without an id we cannot follow it: say so rather than ask again.
      if (operationId === null) throw badResponse('no operation id to follow the restore with');
      return { operationId };
    },
    /**
     * Asks Kinsta to update one plugin of an environment (by its slug) to `version`; follow it with
     * `getOperation`, then read the version back with `listPlugins`. Sent once: a failure after it left
     * (5xx, no answer in time) is thrown, never sent again, since Kinsta may be updating already; a 429
     * is sent again after its wait. A refusal throws with Kinsta's reason.
     */
    updatePlugin: (environmentId: string, slug: string, version: string): Promise<{ operationId: string }> =>
      updateSoftware('plugins', environmentId, slug, version),
    /** As `updatePlugin`, for one theme of an environment (read back with `listThemes`). */
    updateTheme: (environmentId: string, slug: string, version: string): Promise<{ operationId: string }> =>
      updateSoftware('themes', environmentId, slug, version),
    /**
     * Where an operation stands. Kinsta answers 404 for a while after an operation starts, read as
     * `pending`; it answers the same for an id it never gave, so a caller stops polling at its own deadline.
     */
    getOperation: async (operationId: string): Promise<KinstaOperation> => {
      const answer = await getAnswer(`/operations/${operationSegment(operationId)}`);
      if (answer.status === 401 || answer.status === 403) throw fromHttpStatus(answer.status, answer.body);
      return parseOperation(answer.status, answer.body);
    },
  };
}
