import { describe, expect, it } from 'vitest';
import { generateFleet } from '../../../../test/fakes/gridpane/fleet';
import {
  deriveServers,
  parseBackupList,
  parseBackupSchedules,
  parseListPage,
  parseRetention,
  parseSingle,
  readBackupTime,
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

const utc = (text: string) => new Date(`${text.replace(' ', 'T')}:00Z`);

describe('parseBackupList: sections keyed by location', () => {
  it('reads comma-separated kinds, newest first, as UTC, with the tag as note and the id as listed', () => {
    const list = parseBackupList({
      success: true,
      backups: {
        local: { automatic: '2025-11-20 03:00,2025-11-21 03:00', manual: '2025-11-21 09:12 pre-update' },
      },
    });
    expect(list).toEqual({
      skipped: 0,
      items: [
        {
          id: '2025-11-21 09:12 pre-update',
          at: utc('2025-11-21 09:12'),
          kind: 'manual',
          location: 'local',
          service: null,
          note: 'pre-update',
          sizeBytes: null,
        },
        {
          id: '2025-11-21 03:00',
          at: utc('2025-11-21 03:00'),
          kind: 'automatic',
          location: 'local',
          service: null,
          note: null,
          sizeBytes: null,
        },
        expect.objectContaining({ id: '2025-11-20 03:00', kind: 'automatic' }),
      ],
    });
    // Zone-less server time is read as UTC, whatever zone this process runs in.
    expect(list!.items[1]!.at.toISOString()).toBe('2025-11-21T03:00:00.000Z');
  });

  it('names the remote service by its key; a literal `remote` key names none', () => {
    const list = parseBackupList({
      success: true,
      backups: {
        local: { automatic: '2025-11-21 03:00', manual: '' },
        wasabi: { automatic: '2025-11-21 03:30', manual: null },
        'aws-s3': { automatic: '2025-11-19 03:30' },
        remote: { manual: '2025-11-18 10:00 before-migration' },
      },
    })!;
    expect(list.skipped).toBe(0);
    expect(list.items.map((b) => [b.id, b.location, b.service, b.kind])).toEqual([
      ['2025-11-21 03:30', 'remote', 'wasabi', 'automatic'],
      ['2025-11-21 03:00', 'local', null, 'automatic'],
      ['2025-11-19 03:30', 'remote', 'aws-s3', 'automatic'],
      ['2025-11-18 10:00 before-migration', 'remote', null, 'manual'],
    ]);
  });

  it('reads services nested under `remote`', () => {
    const list = parseBackupList({
      success: true,
      backups: { remote: { backblaze: { automatic: '2025-11-21 03:00' }, dropbox: { automatic: '' } } },
    })!;
    expect(list.items).toMatchObject([{ location: 'remote', service: 'backblaze', kind: 'automatic' }]);
  });

  it('accepts arrays of such strings, and empty strings or null as none', () => {
    const list = parseBackupList({
      success: true,
      backups: {
        local: { automatic: ['2025-11-20 03:00', '2025-11-21 03:00,2025-11-22 03:00'], manual: null },
        wasabi: { automatic: '', manual: [] },
      },
    })!;
    expect(list).toMatchObject({ skipped: 0 });
    expect(list.items.map((b) => b.id)).toEqual(['2025-11-22 03:00', '2025-11-21 03:00', '2025-11-20 03:00']);
    expect(parseBackupList({ success: true, backups: { local: { automatic: '', manual: '' } } })).toEqual({
      items: [],
      skipped: 0,
    });
    expect(parseBackupList({ success: true, backups: {} })).toEqual({ items: [], skipped: 0 });
    expect(parseBackupList({ success: true, backups: null })).toEqual({ items: [], skipped: 0 });
  });

  it('skips and counts what it cannot read, keeping the rest', () => {
    const list = parseBackupList({
      success: true,
      backups: {
        local: {
          automatic: '2025-11-20 03:00, yesterday ,2025-13-40 03:00,2025-11-21 25:00,2025-11-21 03:00,',
          manual: [42, '2025-11-21 09:12 pre-update'],
        },
        wasabi: 'unknown',
        dropbox: { files: 3 },
        aws: { automatic: { when: 'daily' } },
      },
    })!;
    expect(list.items.map((b) => b.id)).toEqual([
      '2025-11-21 09:12 pre-update',
      '2025-11-21 03:00',
      '2025-11-20 03:00',
    ]);
    // "yesterday", the impossible date, hour 25, the number 42, `wasabi`, `dropbox` and aws's `automatic`
    expect(list.skipped).toBe(7);
  });

  it('accepts the body wrapped in `data`', () => {
    const backups = { local: { automatic: '2025-11-21 03:00' } };
    for (const body of [{ data: { success: true, backups } }, { success: true, data: backups }]) {
      expect(parseBackupList(body)?.items.map((b) => b.id)).toEqual(['2025-11-21 03:00']);
    }
  });
});

describe('parseBackupList: the array form', () => {
  it('reads id, location, tag, time and size', () => {
    const list = parseBackupList({
      success: true,
      backups: [
        {
          id: '20240101-030000',
          type: 'local',
          tag: 'auto',
          created_at: '2024-01-01 03:00:00',
          size: 123456789,
        },
        { id: 77, type: 'remote', tag: 'pre-update', created_at: '2024-01-02 10:15:30', size: '2048' },
        { id: 'x1', type: 'Remote', tag: 'manual', created_at: '2024-01-01T12:00:00.000000Z', size: null },
      ],
    })!;
    expect(list.skipped).toBe(0);
    expect(list.items).toEqual([
      {
        id: '77',
        at: new Date('2024-01-02T10:15:30Z'),
        kind: 'manual',
        location: 'remote',
        service: null,
        note: 'pre-update',
        sizeBytes: 2048,
      },
      expect.objectContaining({ id: 'x1', kind: 'manual', location: 'remote', note: null, sizeBytes: null }),
      {
        id: '20240101-030000',
        at: new Date('2024-01-01T03:00:00Z'),
        kind: 'automatic',
        location: 'local',
        service: null,
        note: null,
        sizeBytes: 123456789,
      },
    ]);
  });

  it('skips items without an id, a known type or a readable time; accepts `data` around it', () => {
    const good = { id: 'a', type: 'local', tag: 'auto', created_at: '2024-01-01 03:00:00' };
    const list = parseBackupList({
      data: {
        success: true,
        backups: [
          good,
          { ...good, id: undefined },
          { ...good, type: 'cloud' },
          { ...good, created_at: 'Jan 1st' },
          '2024-01-01 03:00',
        ],
      },
    });
    expect(list).toMatchObject({ items: [{ id: 'a' }], skipped: 4 });
    expect(parseBackupList({ data: [good] })).toMatchObject({ items: [{ id: 'a' }], skipped: 0 });
  });

  it('returns null for anything else', () => {
    for (const body of [
      null,
      'x',
      [],
      { success: true },
      { success: false, backups: [] },
      { success: false, message: 'Site not found' },
      { status: 'ok', result: 'unexpected', items: 'none' },
      { backups: 'none' },
      { backups: null },
      { data: { success: false, backups: {} } },
    ]) {
      expect(parseBackupList(body)).toBeNull();
    }
  });
});

describe('readBackupTime', () => {
  it('reads zone-less times as UTC and honours a stated zone', () => {
    expect(readBackupTime('2025-11-21 09:12')?.toISOString()).toBe('2025-11-21T09:12:00.000Z');
    expect(readBackupTime('2025-11-21 09:12:07')?.toISOString()).toBe('2025-11-21T09:12:07.000Z');
    expect(readBackupTime('2025-11-21T09:12:00+02:00')?.toISOString()).toBe('2025-11-21T07:12:00.000Z');
    for (const bad of ['2025-02-30 03:00', '2025-11-21', '2025-11-21 24:00', '21/11/2025 03:00'])
      expect(readBackupTime(bad)).toBeNull();
  });
});

describe('parseBackupSchedules', () => {
  const item = (siteId: unknown, schedules: unknown) => ({
    server_id: 33046,
    site_id: siteId,
    url: 'example.com',
    schedule_backups: schedules,
  });

  it('reads a page of schedules with string hours, minutes and weekdays', () => {
    const page = parseBackupSchedules({
      success: true,
      data: [
        item(495737, [
          {
            id: 9912,
            type: 'local',
            bup_schedule: 'daily',
            hour: '03',
            minute: '00',
            day: null,
            service_id: null,
            service_name: null,
            service_user_id: null,
          },
          {
            id: 9913,
            type: 'remote',
            bup_schedule: 'weekly',
            hour: 4,
            minute: '30',
            day: '0',
            service_name: 'wasabi',
          },
          { id: 9914, type: 'tape', bup_schedule: 'daily' },
          { id: 9915, type: 'local', bup_schedule: 'yearly', hour: '99', minute: 'x' },
        ]),
        item('495748', null),
        item(undefined, []),
      ],
      meta: { current_page: 1, last_page: 2 },
      links: { next: 'https://x/backups/schedules?page=2' },
    });
    expect(page).toMatchObject({ skipped: 1, currentPage: 1, lastPage: 2, hasNext: true });
    expect(page!.items).toEqual([
      {
        siteId: 495737,
        schedules: [
          { type: 'local', frequency: 'daily', hour: 3, minute: 0, day: null, service: null },
          { type: 'remote', frequency: 'weekly', hour: 4, minute: 30, day: 0, service: 'wasabi' },
          { type: 'local', frequency: null, hour: null, minute: null, day: null, service: null },
        ],
      },
      { siteId: 495748, schedules: [] },
    ]);
  });

  it('reads the unpaged form and returns null without an item array', () => {
    expect(parseBackupSchedules({ success: true, data: [item(1, [])] })).toMatchObject({
      items: [{ siteId: 1 }],
      hasNext: false,
    });
    expect(parseBackupSchedules({ success: true, schedules: 'none' })).toBeNull();
  });
});

describe('parseRetention', () => {
  it.each([
    ['top level', { success: true, local_retain_days: 7, remote_retain_days: 30 }],
    ['under data', { data: { local_retain_days: '7', remote_retain_days: '30' } }],
    ['under prune_schedule', { prune_schedule: { local_retain_days: 7, remote_retain_days: '30' } }],
    [
      'under data.prune_schedule',
      { data: { prune_schedule: { local_retain_days: 7, remote_retain_days: 30 } } },
    ],
    [
      'as entries',
      {
        data: [
          { backup_type: 'local', retain_days: '7', prune_schedule: 1 },
          { backup_type: 'remote', retain_days: 30 },
        ],
      },
    ],
    [
      'as a bare array',
      [
        { backup_type: 'remote', retain_days: 30 },
        { backup_type: 'local', retain_days: 7 },
      ],
    ],
  ])('reads retention %s', (_name, body) => {
    expect(parseRetention(body)).toEqual({ local: 7, remote: 30 });
  });

  it('reads one entry alone, and 0 or junk as nothing stated', () => {
    expect(parseRetention({ backup_type: 'remote', retain_days: 90, prune_schedule: 2 })).toEqual({
      local: null,
      remote: 90,
    });
    expect(parseRetention({ local_retain_days: 0, remote_retain_days: 'forever' })).toEqual({
      local: null,
      remote: null,
    });
    expect(parseRetention({ local_retain_days: 14 })).toEqual({ local: 14, remote: null });
  });

  it('never fails: an unreadable body is "nothing stated"', () => {
    for (const body of [null, 'x', [], { success: true }, { data: [{ type: 'x' }] }, { data: { days: 7 } }]) {
      expect(parseRetention(body)).toEqual({ local: null, remote: null });
    }
  });
});
