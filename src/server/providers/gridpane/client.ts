import type { SyncProgress } from '../../../shared/servers';
import { type Clock, systemClock } from '../../core/clock';
import type { AddressPolicy } from '../../core/outbound';
import { realSleep, type Sleep } from '../../core/outbound/lane';
import { ProviderError } from '../../core/outbound/provider-error';
import { badResponse } from './errors';
import {
  backupScheduleResource,
  parseBackupIntegrations,
  parseBackupList,
  parseListPage,
  parseRetention,
  parseSingle,
  type Resource,
  serverResource,
  siteResource,
  systemUserResource,
  userResource,
} from './parse';
import { createRequester } from './request';
import type {
  GridPaneBackupIntegration,
  GridPaneBackupList,
  GridPaneBackupRequest,
  GridPaneBackupSchedule,
  GridPaneCallInfo,
  GridPaneList,
  GridPaneRestoreRequest,
  GridPaneRetention,
  GridPaneServer,
  GridPaneSite,
  GridPaneSystemUser,
  GridPaneUser,
  WpCliCommands,
} from './types';
import { wpCliBody } from './wp-cli';

export type GridPaneClientOptions = {
  baseUrl: string;
  token: string;
  /** The instance's outbound address rule: a base URL on a private address is never contacted. */
  addressPolicy: AddressPolicy;
  clock?: Clock;
  /** Injectable so tests can skip real rate-limit waits. */
  sleep?: Sleep;
  /** Spacing between request starts on one token (GridPane allows ~1–2 req/s). */
  minSpacingMs?: number;
  fetchTimeoutMs?: number;
  /** A 429 asking for longer than this fails fast with 'rate_limited' instead of blocking. */
  maxRateLimitWaitMs?: number;
  onCall?: (info: GridPaneCallInfo) => void;
};

export type GridPaneClient = ReturnType<typeof createGridPaneClient>;

/** A paged list's reader may follow it page by page (a sync's progress on screen). */
type ListOptions = { onPage?: (progress: SyncProgress) => Promise<void> | void };

/** GridPane caps per_page at 500; every page costs rate-limit budget, so ask for the most. */
const PER_PAGE = 500;
/** 500 × 200 = 100,000 items: far beyond any agency, and a stop if `meta` ever lies. */
const MAX_PAGES = 200;
/** A restore's source: `local`, or a remote storage service's name as GridPane keys its backups. */
const RESTORE_SOURCE = /^[A-Za-z0-9_-]{1,64}$/;

export function createGridPaneClient(options: GridPaneClientOptions) {
  const { get, send } = createRequester({
    baseUrl: options.baseUrl,
    token: options.token,
    addressPolicy: options.addressPolicy,
    clock: options.clock ?? systemClock,
    sleep: options.sleep ?? realSleep,
    minSpacingMs: options.minSpacingMs ?? 1000,
    fetchTimeoutMs: options.fetchTimeoutMs ?? 15_000,
    maxRateLimitWaitMs: options.maxRateLimitWaitMs ?? 120_000,
    onCall: options.onCall,
  });

  async function single<T>(path: string, res: Resource<T>): Promise<T> {
    const item = parseSingle(await get(path), res);
    if (item === null) throw badResponse();
    return item;
  }

  async function list<T>(path: string, res: Resource<T>, opts: ListOptions = {}): Promise<GridPaneList<T>> {
    const items: T[] = [];
    let skipped = 0;
    for (let page = 1; page <= MAX_PAGES; page++) {
      let parsed: ReturnType<typeof parseListPage<T>>;
      try {
        parsed = parseListPage(await get(`${path}?page=${page}&per_page=${PER_PAGE}`), res);
        if (!parsed) throw badResponse();
      } catch (error) {
        // Page 1 failing means we know nothing; a later page failing still leaves real data.
        if (page === 1 || !(error instanceof ProviderError)) throw error;
        return { items, partial: true, skipped, error };
      }
      items.push(...parsed.items);
      skipped += parsed.skipped;
      await opts.onPage?.({ done: items.length + skipped, total: parsed.total });
      if (!parsed.hasNext || parsed.items.length + parsed.skipped === 0) break;
    }
    // Only unreadable items is not an empty account: it must not replace a good cache with nothing.
    if (items.length === 0 && skipped > 0) throw badResponse();
    return { items, partial: false, skipped };
  }

  const idPath = (path: string, id: number) => {
    if (!Number.isSafeInteger(id) || id < 0) throw new TypeError(`Invalid GridPane id: ${id}`);
    return `${path}/${id}`;
  };

  return {
    getUser: (): Promise<GridPaneUser> => single('/user', userResource),
    listServers: (opts?: ListOptions): Promise<GridPaneList<GridPaneServer>> =>
      list('/server', serverResource, opts),
    listSites: (opts?: ListOptions): Promise<GridPaneList<GridPaneSite>> => list('/site', siteResource, opts),
    listSystemUsers: (): Promise<GridPaneList<GridPaneSystemUser>> =>
      list('/system-user', systemUserResource),
    getServer: (id: number): Promise<GridPaneServer> => single(idPath('/server', id), serverResource),
    getSite: (id: number): Promise<GridPaneSite> => single(idPath('/site', id), siteResource),
    /** Asks GridPane to re-read a site's backups from its server; call it before `listBackups`. */
    refreshBackups: async (siteId: number): Promise<void> => {
      await get(idPath('/backups/refresh', siteId)); // the answer says nothing we use
    },
    listBackups: async (siteId: number): Promise<GridPaneBackupList> => {
      const parsed = parseBackupList(await get(idPath('/backups/original', siteId)));
      // Only unreadable entries is not "no backups": it must not read as a site left unprotected.
      if (parsed === null || (parsed.items.length === 0 && parsed.skipped > 0)) throw badResponse();
      return parsed;
    },
    listBackupSchedules: (opts?: ListOptions): Promise<GridPaneList<GridPaneBackupSchedule>> =>
      list('/backups/schedules', backupScheduleResource, opts),
    getRetention: async (siteId: number): Promise<GridPaneRetention> =>
      parseRetention(await get(idPath('/backups/prune-schedule', siteId))),
    /** The remote storage a site can back up to: the `integrationId` a remote backup names. */
    listBackupIntegrations: async (siteId: number): Promise<GridPaneBackupIntegration[]> => {
      const parsed = parseBackupIntegrations(await get(idPath('/backups/integrations', siteId)));
      if (parsed === null || (parsed.items.length === 0 && parsed.skipped > 0)) throw badResponse();
      return parsed.items;
    },
    /**
     * Asks GridPane for a manual backup of a site now. Sent once: a failure after it left (5xx, no
     * answer in time) is thrown, never sent again, since GridPane may be making that backup already.
     * A refusal (a tag it does not take, an integration not the site's) throws with GridPane's reason.
     */
    createBackup: async (siteId: number, request: GridPaneBackupRequest): Promise<void> => {
      const path = idPath('/backups', siteId);
      if (request.type !== 'local' && request.type !== 'remote') {
        throw new TypeError(`Invalid GridPane backup type: ${String(request.type)}`);
      }
      if (typeof request.tag !== 'string') throw new TypeError('A GridPane backup tag must be a string');
      // The integration goes with a remote backup only; GridPane itself refuses a remote one without it.
      const integrationId = request.type === 'remote' ? request.integrationId : undefined;
      if (integrationId !== undefined && (!Number.isSafeInteger(integrationId) || integrationId < 0)) {
        throw new TypeError(`Invalid GridPane integration id: ${integrationId}`);
      }
      const body = {
        type: request.type,
        ...(integrationId === undefined ? {} : { integration_id: integrationId }),
        tag: request.tag,
      };
      await send('POST', path, body); // `{"success": true}` says nothing more
    },
    /**
     * Asks GridPane to replace a site with one of its backups, named as GridPane lists it. Sent once: a
     * failure after it left (5xx, no answer in time) is thrown, never sent again, since GridPane may be
     * restoring already and a second restore would overwrite the site again. A refusal (a backup it does
     * not hold) throws with GridPane's reason.
     */
    restoreBackup: async (siteId: number, request: GridPaneRestoreRequest): Promise<void> => {
      const path = idPath('/backups/restore', siteId);
      if (typeof request.source !== 'string' || !RESTORE_SOURCE.test(request.source)) {
        throw new TypeError(`Invalid GridPane backup source: ${String(request.source)}`);
      }
      if (request.backupType !== 'manual' && request.backupType !== 'automatic') {
        throw new TypeError(`Invalid GridPane backup type: ${String(request.backupType)}`);
      }
      if (typeof request.backup !== 'string' || request.backup.trim() === '') {
        throw new TypeError('A GridPane backup to restore must be named');
      }
      const body = {
        backup_source: request.source,
        // Only a site's own backups (those `listBackups` reads) are restored, never an alternative source's.
        source_type: 'original',
        backup_type: request.backupType,
        backup: request.backup,
      };
      await send('POST', path, body); // `{"success": true, "message": …}` says nothing more
    },
    /**
     * Asks GridPane to run WP-CLI updates on a site (plugins, themes, core): only the updates `wpCliBody`
     * allows ever leave. Sent once: a failure after it left (5xx, no answer in time) is thrown, never
     * sent again, since GridPane may be running them already. GridPane's answer carries no output and no
     * exit status, so what changed is known only once the site's versions are read again.
     */
    runWpCli: async (siteId: number, wp: WpCliCommands): Promise<void> => {
      const path = idPath('/site/run-wp-cli', siteId);
      const answer = await send('PUT', path, wpCliBody(wp));
      // `{"success": true, "message": "Commands successfully executed on <ip> server."}`; a refusal threw.
      if (
        typeof answer !== 'object' ||
        answer === null ||
        (answer as { success?: unknown }).success !== true
      ) {
        throw badResponse();
      }
    },
  };
}
