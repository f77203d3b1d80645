import {
  backupListBody,
  backupScheduleItem,
  type FakeBackup,
  type FakeRestore,
  integrationsBody,
  manualBackupFor,
  restoreFor,
  retentionBody,
} from './backups';
import type { Fleet, RawObject } from './fleet';
import { type FakeWpCliRun, type OnWpCli, wpCliAnswer, wpCliCommandsOf } from './wp-cli';

/** What a path resolves to; `endpoint` is the rate-limit bucket (list and by-id are separate budgets). */
export type Route = {
  endpoint: string;
  list?: { items: readonly unknown[]; path: string };
  item?: RawObject | null;
  /** Key for the 'named' wrapper: {"site": {…}}, {"server": {…}}… */
  name?: string;
  /** A body answered as it is, never wrapped (the backup reads have shapes of their own). */
  body?: unknown;
  /** A write: done only once the request is within its rate limit; answers status and body as they are. */
  write?: () => Answer;
};

type Answer = { status: number; body: unknown };

/** Where the WP-CLI runs clients asked for go: kept in order, and handed to the test's `onWpCli`. */
export type WpCliSink = { runs: FakeWpCliRun[]; onWpCli?: OnWpCli };

/**
 * Singular resource paths only, as GridPane has them; `/servers` is a 404 like the real thing.
 * `now` is the moment backups are generated relative to (Date.now() at each request by default), and
 * the moment a backup a client asks for is taken. `added` keeps those backups, per site; `restores`
 * the restores clients asked for, in order; `wpCli` the WP-CLI runs.
 */
export function createRouter(
  fleet: Fleet,
  now: () => number = Date.now,
  added: Map<number, FakeBackup[]> = new Map(),
  restores: FakeRestore[] = [],
  wpCli: WpCliSink = { runs: [] },
  backupTakesMs = 0,
) {
  /** When each backup a client asked for is finished, and listed. */
  const readyAt = new WeakMap<FakeBackup, number>();
  const finished = (siteId: number, at: number) =>
    (added.get(siteId) ?? []).filter((b) => (readyAt.get(b) ?? 0) <= at);
  /** The backup reads by site id, each its own rate-limit bucket; the body is built at request time. */
  const backupReads: Record<string, (siteId: number, at: number) => unknown> = {
    refresh: () => ({ success: true, message: 'Backups refreshed' }),
    original: (siteId, at) => backupListBody(siteId, at, finished(siteId, at)),
    'prune-schedule': (siteId) => retentionBody(siteId),
    integrations: (siteId) => integrationsBody(siteId),
  };

  const collections: Record<string, { items: RawObject[]; name: string }> = {
    server: { items: fleet.servers, name: 'server' },
    site: { items: fleet.sites, name: 'site' },
    'system-user': { items: fleet.systemUsers, name: 'system_user' },
    domain: { items: fleet.domains, name: 'domain' },
  };

  /** The writes by site id, each its own rate-limit bucket; any other write path is unknown (404). */
  const writes: {
    method: string;
    pattern: RegExp;
    endpoint: string;
    write: (siteId: number, body: string) => Answer;
  }[] = [
    {
      method: 'POST',
      pattern: /^\/backups\/(\d+)\/?$/,
      endpoint: 'POST /backups/{id}',
      write(siteId, body) {
        const result = manualBackupFor(siteId, body, now());
        if ('refused' in result) return result.refused;
        readyAt.set(result.backup, now() + backupTakesMs);
        added.set(siteId, [...(added.get(siteId) ?? []), result.backup]);
        return { status: 200, body: { success: true } };
      },
    },
    {
      method: 'POST',
      pattern: /^\/backups\/restore\/(\d+)\/?$/,
      endpoint: 'POST /backups/restore/{id}',
      write(siteId, body) {
        const result = restoreFor(siteId, body, now(), finished(siteId, now()));
        if ('refused' in result) return result.refused;
        restores.push(result.restore);
        return { status: 200, body: { success: true, message: 'Restore started' } };
      },
    },
    {
      method: 'PUT',
      pattern: /^\/site\/run-wp-cli\/(\d+)\/?$/,
      endpoint: 'PUT /site/run-wp-cli/{id}',
      write(siteId, body) {
        const result = wpCliCommandsOf(body);
        if ('refused' in result) return result.refused;
        const site = fleet.sites.find((s) => s.id === siteId)!;
        const url = String(site.url);
        wpCli.runs.push({ siteId, url, wp: result.wp, at: new Date(now()) });
        wpCli.onWpCli?.({ id: siteId, url }, result.wp);
        const server = fleet.servers.find((s) => s.id === site.server_id);
        return { status: 200, body: wpCliAnswer(String(server?.ip ?? '0.0.0.0')) };
      },
    },
  ];

  function writeRoute(method: string, path: string, body: string): Route | null {
    for (const { method: allowed, pattern, endpoint, write } of writes) {
      if (method !== allowed) continue;
      const match = pattern.exec(path);
      if (!match) continue;
      const site = fleet.sites.find((s) => s.id === Number(match[1]));
      if (!site) return { endpoint, item: null };
      return { endpoint, write: () => write(site.id, body) };
    }
    return null;
  }

  /** `base` is the fake's own API root, so pagination links point back at it; `body` is a write's. */
  return function route(method: string, path: string, base: string, body = ''): Route | null {
    if (method !== 'GET') return writeRoute(method, path, body);
    if (path === '/user') return { endpoint: 'GET /user', item: fleet.user, name: 'user' };
    if (/^\/backups\/schedules\/?$/.test(path)) {
      return {
        endpoint: 'GET /backups/schedules',
        list: { items: fleet.sites.map(backupScheduleItem), path: `${base}/backups/schedules` },
      };
    }
    const backup = /^\/backups\/(refresh|original|prune-schedule|integrations)\/(\d+)\/?$/.exec(path);
    if (backup) {
      const endpoint = `GET /backups/${backup[1]}/{id}`;
      const site = fleet.sites.find((s) => s.id === Number(backup[2]));
      if (!site) return { endpoint, item: null };
      return { endpoint, body: backupReads[backup[1]!]!(site.id, now()) };
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
