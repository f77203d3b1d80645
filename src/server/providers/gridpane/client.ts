import { type Clock, systemClock } from '../../clock';
import { ProviderError } from '../errors';
import { realSleep, type Sleep } from '../lane';
import { badResponse } from './errors';
import {
  parseListPage,
  parseSingle,
  type Resource,
  serverResource,
  siteResource,
  systemUserResource,
  userResource,
} from './parse';
import { createRequester } from './request';
import type {
  GridPaneCallInfo,
  GridPaneList,
  GridPaneServer,
  GridPaneSite,
  GridPaneSystemUser,
  GridPaneUser,
} from './types';

export const GRIDPANE_DEFAULT_BASE_URL = 'https://my.gridpane.com/oauth/api/v1';

export type GridPaneClientOptions = {
  baseUrl: string;
  token: string;
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

/** GridPane caps per_page at 500; every page costs rate-limit budget, so ask for the most. */
const PER_PAGE = 500;
/** 500 × 200 = 100,000 items: far beyond any agency, and a stop if `meta` ever lies. */
const MAX_PAGES = 200;

export function createGridPaneClient(options: GridPaneClientOptions) {
  const get = createRequester({
    baseUrl: options.baseUrl,
    token: options.token,
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

  async function list<T>(path: string, res: Resource<T>): Promise<GridPaneList<T>> {
    const items: T[] = [];
    let skipped = 0;
    for (let page = 1; page <= MAX_PAGES; page++) {
      let parsed: ReturnType<typeof parseListPage<T>>;
      try {
        parsed = parseListPage(await get(`${path}?page=${page}&per_page=${PER_PAGE}`), res);
        if (!parsed) throw badResponse();
      } catch (error) {
        // Page 1 failing means we know nothing; a later page failing still leaves real data (R2).
        if (page === 1 || !(error instanceof ProviderError)) throw error;
        return { items, partial: true, skipped, error };
      }
      items.push(...parsed.items);
      skipped += parsed.skipped;
      if (!parsed.hasNext || parsed.items.length + parsed.skipped === 0) break;
    }
    // Only unreadable items is not an empty account: it must not replace a good cache with nothing (R4).
    if (items.length === 0 && skipped > 0) throw badResponse();
    return { items, partial: false, skipped };
  }

  const idPath = (path: string, id: number) => {
    if (!Number.isSafeInteger(id) || id < 0) throw new TypeError(`Invalid GridPane id: ${id}`);
    return `${path}/${id}`;
  };

  return {
    getUser: (): Promise<GridPaneUser> => single('/user', userResource),
    listServers: (): Promise<GridPaneList<GridPaneServer>> => list('/server', serverResource),
    listSites: (): Promise<GridPaneList<GridPaneSite>> => list('/site', siteResource),
    listSystemUsers: (): Promise<GridPaneList<GridPaneSystemUser>> =>
      list('/system-user', systemUserResource),
    getServer: (id: number): Promise<GridPaneServer> => single(idPath('/server', id), serverResource),
    getSite: (id: number): Promise<GridPaneSite> => single(idPath('/site', id), siteResource),
  };
}
