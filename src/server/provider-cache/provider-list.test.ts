import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { integrations } from '../db/schema';
import { gridpaneSites } from '../providers/gridpane/keys';
import { writeCache } from './service';

// A paged provider list asks the integration only whether it is set up and switched on: its sealed
// token stays shut, so a list serves what is stored even when the token cannot be read (a changed
// SECRET_KEY); the sync that needs the token is the one that says so.
let t: TestApp;
let cookie: string;
let opened = 0;
const STORED_SITE = {
  status: 'active',
  server_id: null,
  server_label: 'web-1',
  php_version: '8.2',
  type: 'wordpress',
  is_ssl: true,
  ssl_status: 'active',
  nginx_caching: 'redis',
};

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const open = t.services.box.open.bind(t.services.box);
  t.services.box.open = (sealed) => {
    opened++;
    return open(sealed);
  };
  await t.db.insert(integrations).values({
    provider: gridpaneSites.provider,
    enabled: true,
    // Sealed with a key this process does not have.
    secrets: 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA',
    settings: { baseUrl: 'https://my.gridpane.com/oauth/api/v1' },
    updatedAt: t.clock.now(),
  });
  await writeCache(
    t.services,
    gridpaneSites,
    [{ id: '1', data: { ...STORED_SITE, id: 1, url: 'kept.example' } }],
    t.clock.now(),
    { partial: false },
  );
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('a paged provider list', () => {
  it('serves the stored page without opening the integration’s secrets', async () => {
    const res = await get('/api/sites?page=1&pageSize=50');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((s: { url: string }) => s.url)).toEqual(['kept.example']);
    expect(opened).toBe(0);
  });

  it('still refuses an integration that is switched off', async () => {
    await t.db.update(integrations).set({ enabled: false });
    const res = await get('/api/sites?page=1&pageSize=50');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('integration_disabled');
    expect(opened).toBe(0);
  });
});
