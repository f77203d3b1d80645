import { getTableName, isTable, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBetterUptime } from '../../../../test/fakes/betteruptime';
import { startFakeGridPane } from '../../../../test/fakes/gridpane';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import * as schema from '../../db/schema';
import { rows } from '../sql';
import { checkDeclaredReads, undeclaredReads } from './declared';
import { keptAnswer } from './kept';

const tables = Object.values(schema)
  .filter((v) => isTable(v))
  .map((t) => getTableName(t as never));

let t: TestApp;
let cookie: string;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

beforeAll(async () => {
  const gridpane = await startFakeGridPane({
    sites: 30,
    servers: 3,
    seed: 5,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  const uptime = await startFakeBetterUptime({
    sites: gridpane.fleet.sites.slice(0, 20).map((s) => String(s.url)),
    seed: 5,
  });
  t = await createTestApp();
  cookie = await t.signIn();
  await post('/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
  await post('/api/integrations/betteruptime', { apiToken: uptime.token, baseUrl: uptime.url });
  await t.services.jobs.idle();
  await get('/api/sites');
  await get('/api/monitors');
  await t.services.jobs.idle();
  const client = (await post('/api/clients', { name: 'Dental Co' })).json();
  const tag = (await post('/api/tags', { name: 'Shop' })).json();
  const [site] = (await get('/api/websites?pageSize=1')).json().data;
  await t.app.inject({
    method: 'PUT',
    url: `/api/websites/${site.id}/client`,
    headers: { cookie },
    payload: { clientId: client.id },
  });
  await post(`/api/websites/${site.id}/tags`, { tagId: tag.id });
  await post('/api/tasks', { title: 'Renew the certificate', clientId: client.id });
  checkDeclaredReads(tables);
});
afterAll(async () => {
  checkDeclaredReads(undefined);
  await t.close();
});

describe('answers kept in the answer cache', () => {
  it('read nothing beyond what they declare, on every kept list, filter and page', async () => {
    undeclaredReads.length = 0;
    for (const url of [
      '/api/sites?page=1&pageSize=10',
      '/api/sites?pageSize=10&q=a&sort=-status',
      '/api/sites?pageSize=10&monitor=down',
      '/api/sites?pageSize=10&monitor=none&tagId=1',
      '/api/sites?pageSize=10&serverId=1',
      '/api/sites/options',
      '/api/websites?pageSize=10',
      '/api/servers?pageSize=10',
      '/api/servers?pageSize=10&q=a',
      '/api/monitors?pageSize=10',
      '/api/monitors?pageSize=10&status=up',
      '/api/uptime?pageSize=10',
      '/api/clients?pageSize=10',
      '/api/clients?pageSize=10&tagId=1',
      '/api/clients',
      '/api/tasks?pageSize=10',
      '/api/search?q=a',
      '/api/dashboard',
      '/api/fleet',
      '/api/fleet/sites?php=8.1',
      '/api/coverage',
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    expect(undeclaredReads).toEqual([]);
  });

  it('are caught when they read a table they do not declare', async () => {
    undeclaredReads.length = 0;
    await keptAnswer(t.db, { tables: ['websites'] }, 'declared test', () =>
      rows(t.db, sql`select w.id from websites w join checks c on c.website_id = w.id limit 1`),
    );
    expect(undeclaredReads).toEqual([{ key: 'declared test', table: 'checks' }]);
  });
});
