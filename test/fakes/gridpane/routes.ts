import { backupListBody, backupScheduleItem, retentionBody } from './backups';
import type { Fleet, RawObject } from './fleet';

/** What a path resolves to; `endpoint` is the rate-limit bucket (list and by-id are separate budgets). */
export type Route = {
  endpoint: string;
  list?: { items: readonly unknown[]; path: string };
  item?: RawObject | null;
  /** Key for the 'named' wrapper: {"site": {…}}, {"server": {…}}… */
  name?: string;
  /** A body answered as it is, never wrapped (the backup reads have shapes of their own). */
  body?: unknown;
};

/** The backup reads by site id, each its own rate-limit bucket; the body is built at request time. */
const BACKUP_READS: Record<string, (siteId: number, now: number) => unknown> = {
  refresh: () => ({ success: true, message: 'Backups refreshed' }),
  original: backupListBody,
  'prune-schedule': (siteId) => retentionBody(siteId),
};

/**
 * Singular resource paths only, as GridPane has them; `/servers` is a 404 like the real thing.
 * `now` is the moment backups are generated relative to (Date.now() at each request by default).
 */
export function createRouter(fleet: Fleet, now: () => number = Date.now) {
  const collections: Record<string, { items: RawObject[]; name: string }> = {
    server: { items: fleet.servers, name: 'server' },
    site: { items: fleet.sites, name: 'site' },
    'system-user': { items: fleet.systemUsers, name: 'system_user' },
    domain: { items: fleet.domains, name: 'domain' },
  };

  /** `base` is the fake's own API root, so pagination links point back at it. */
  return function route(path: string, base: string): Route | null {
    if (path === '/user') return { endpoint: 'GET /user', item: fleet.user, name: 'user' };
    if (/^\/backups\/schedules\/?$/.test(path)) {
      return {
        endpoint: 'GET /backups/schedules',
        list: { items: fleet.sites.map(backupScheduleItem), path: `${base}/backups/schedules` },
      };
    }
    const backup = /^\/backups\/(refresh|original|prune-schedule)\/(\d+)\/?$/.exec(path);
    if (backup) {
      const endpoint = `GET /backups/${backup[1]}/{id}`;
      const site = fleet.sites.find((s) => s.id === Number(backup[2]));
      if (!site) return { endpoint, item: null };
      return { endpoint, body: BACKUP_READS[backup[1]!]!(site.id, now()) };
    }
    const match = /^\/(server|site|system-user|domain)(?:\/(\d+))?\/?$/.exec(path);
    const collection = match ? collections[match[1]!] : undefined;
    if (!match || !collection) return null;
    if (match[2] === undefined) {
      return { endpoint: `GET /${match[1]}`, list: { items: collection.items, path: `${base}/${match[1]}` } };
    }
    const id = Number(match[2]);
    const item = collection.items.find((i) => i.id === id) ?? null;
    return { endpoint: `GET /${match[1]}/{id}`, item, name: collection.name };
  };
}
