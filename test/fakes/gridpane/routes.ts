import type { Fleet, RawObject } from './fleet';

/** What a path resolves to; `endpoint` is the rate-limit bucket (list and by-id are separate budgets). */
export type Route = {
  endpoint: string;
  list?: { items: RawObject[]; path: string };
  item?: RawObject | null;
  /** Key for the 'named' wrapper: {"site": {…}}, {"server": {…}}… */
  name?: string;
};

/** Singular resource paths only, as GridPane has them; `/servers` is a 404 like the real thing. */
export function createRouter(fleet: Fleet) {
  const collections: Record<string, { items: RawObject[]; name: string }> = {
    server: { items: fleet.servers, name: 'server' },
    site: { items: fleet.sites, name: 'site' },
    'system-user': { items: fleet.systemUsers, name: 'system_user' },
    domain: { items: fleet.domains, name: 'domain' },
  };

  /** `base` is the fake's own API root, so pagination links point back at it. */
  return function route(path: string, base: string): Route | null {
    if (path === '/user') return { endpoint: 'GET /user', item: fleet.user, name: 'user' };
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
