import { describe, expect, it } from 'vitest';
import { generateFleet } from '../../../../test/fakes/gridpane/fleet';
import {
  deriveServers,
  parseListPage,
  parseSingle,
  serverResource,
  siteResource,
  siteStatus,
  systemUserResource,
  userResource,
} from './parse';

const fleet = generateFleet({ servers: 3, sites: 12, seed: 7 });
const rawServer = fleet.servers[0]!;
const rawSite = fleet.sites[0]!;

describe('parseSingle', () => {
  it.each([
    ['data', { data: rawServer }],
    ['data-array', { data: [rawServer] }],
    ['named', { server: rawServer }],
    ['bare', rawServer],
  ])('reads a server wrapped as %s', (_name, body) => {
    expect(parseSingle(body, serverResource)).toMatchObject({ id: rawServer.id, label: rawServer.label });
  });

  it.each([
    ['data', { data: rawSite }],
    ['data-array', { data: [rawSite] }],
    ['named', { site: rawSite }],
    ['bare', rawSite],
  ])('reads a site wrapped as %s (never mistaking its nested server for the site)', (_name, body) => {
    expect(parseSingle(body, siteResource)).toMatchObject({ id: rawSite.id, url: rawSite.url });
  });

  it('returns null for shapes that are not the object', () => {
    for (const body of [null, 'x', [], { data: [] }, { status: 'ok' }, { data: { url: 'no-id.com' } }]) {
      expect(parseSingle(body, siteResource)).toBeNull();
    }
  });
});

describe('field tolerance', () => {
  const server = (extra: Record<string, unknown>) => parseSingle({ ...rawServer, ...extra }, serverResource)!;

  it('accepts cpu/ram as string, number or null and derives memory', () => {
    expect(server({ cpu: '4', ram: '8192' })).toMatchObject({ cpu: 4, ram: 8192, memory: '8192 MB' });
    expect(server({ cpu: 2, ram: 4096 })).toMatchObject({ cpu: 2, ram: 4096, memory: '4096 MB' });
    expect(server({ cpu: null, ram: null })).toMatchObject({ cpu: null, ram: null, memory: null });
    expect(server({ cpu: 'lots', ram: {} })).toMatchObject({ cpu: null, ram: null });
  });

  it('derives name, ip_address and sites_count; keeps nested lists', () => {
    const s = server({
      label: 'prod-nyc-01',
      ip: '203.0.113.10',
      sites: [{ id: 1, url: 'a.com' }, { id: 'bad' }],
    });
    expect(s).toMatchObject({ name: 'prod-nyc-01', ip_address: '203.0.113.10', sites_count: 1 });
    expect(s.sites).toEqual([{ id: 1, url: 'a.com' }]);
    expect(s.php_versions).toEqual([]);
  });

  it('reads 0/1 booleans and both system-user id spellings', () => {
    const site = parseSingle(
      { ...rawSite, is_ssl: 1, system_user_id: undefined, system_userid: 42 },
      siteResource,
    );
    expect(site).toMatchObject({ is_ssl: true, system_user_id: 42 });
    expect(parseSingle({ ...rawSite, is_ssl: 0 }, siteResource)?.is_ssl).toBe(false);
  });

  it('derives the site status', () => {
    const base = { ssl_status: 'succeed', resolved_at: '2023-03-28 12:25:22', is_wsod: false };
    expect(siteStatus(base)).toBe('active');
    expect(siteStatus({ ...base, resolved_at: null })).toBe('pending');
    expect(siteStatus({ ...base, ssl_status: 'pending' })).toBe('pending');
    expect(siteStatus({ ...base, ssl_status: null })).toBe('pending');
    expect(siteStatus({ ...base, ssl_status: 'failed' })).toBe('error');
    expect(siteStatus({ ...base, is_wsod: true })).toBe('error');
  });
});

describe('secrets', () => {
  it('never leave the parser', () => {
    const parsed = [
      ...fleet.servers.map((s) => parseSingle(s, serverResource)),
      ...fleet.sites.map((s) => parseSingle(s, siteResource)),
      ...fleet.systemUsers.map((s) => parseSingle(s, systemUserResource)),
      parseSingle({ ...fleet.user, api_token: 'REDACTED-t', secret: 'REDACTED-s' }, userResource),
    ];
    expect(parsed.every((p) => p !== null)).toBe(true);
    expect(JSON.stringify(fleet)).toContain('REDACTED'); // the fixture does carry them
    const text = JSON.stringify(parsed);
    for (const word of ['password', 'server_key', 'REDACTED', 'token', 'secret'])
      expect(text).not.toContain(word);
  });
});

describe('parseListPage', () => {
  it('skips and counts bad items, keeps the rest', () => {
    const data = [...fleet.sites.slice(0, 5), { id: 'nope', url: 'x.com' }, { id: 9 }, 'junk'];
    const page = parseListPage(
      { data, meta: { current_page: 1, last_page: 3 }, links: { next: 'x' } },
      siteResource,
    );
    expect(page).toMatchObject({ skipped: 3, currentPage: 1, lastPage: 3, hasNext: true });
    expect(page!.items.map((s) => s.id)).toEqual(fleet.sites.slice(0, 5).map((s) => s.id));
  });

  it('stops on the last page or a null next link; accepts a plain array', () => {
    expect(parseListPage({ data: [], meta: { current_page: 2, last_page: 2 } }, siteResource)!.hasNext).toBe(
      false,
    );
    expect(parseListPage({ data: [], links: { next: null } }, siteResource)!.hasNext).toBe(false);
    expect(parseListPage([rawSite], siteResource)).toMatchObject({
      items: [{ id: rawSite.id }],
      hasNext: false,
    });
  });

  it('returns null when there is no item array', () => {
    expect(parseListPage({ data: { domains: 'x' } }, siteResource)).toBeNull();
    expect(parseListPage('<html>', siteResource)).toBeNull();
  });
});

describe('deriveServers', () => {
  it('fills php_versions from the site list, distinct and sorted', () => {
    const [a, b] = [1, 2].map((id) => parseSingle({ ...rawServer, id }, serverResource)!);
    const site = (id: number, server_id: number, php_version: string | null) =>
      parseSingle({ ...rawSite, id, server_id, php_version }, siteResource)!;
    const sites = [
      site(1, 1, '8.2'),
      site(2, 1, '7.4'),
      site(3, 1, '8.2'),
      site(4, 1, '8.10'),
      site(5, 2, null),
    ];
    const [da, db] = deriveServers([a!, b!], sites);
    expect(da!.php_versions).toEqual(['7.4', '8.2', '8.10']);
    expect(db!.php_versions).toEqual([]);
  });
});
