import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGridPane } from '../../../test/fakes/gridpane';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { integrations } from '../db/schema';
import { updatesAllowed } from './service';

let t: TestApp;
let cookie: string;
let fake: Awaited<ReturnType<typeof startFakeGridPane>>;

beforeAll(async () => {
  fake = await startFakeGridPane({ sites: 12, servers: 3, seed: 7 });
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('integrations', () => {
  it('lists the five wired providers, none configured at first', async () => {
    const res = await call('GET', '/api/integrations');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { provider: string }) => i.provider)).toEqual([
      'gridpane',
      'kinsta',
      'betteruptime',
      'hdsnapshot',
      'wordfence',
    ]);
    expect(res.json()[0]).toMatchObject({
      enabled: false,
      configured: false,
      tokenSet: false,
      lastSyncAt: null,
      callCount: 0,
    });
  });

  it('validates Wordfence settings: an API key is required, nothing else is taken', async () => {
    const missing = await call('POST', '/api/integrations/wordfence', { apiKey: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.apiKey).toEqual(['API key is required']);
    const extra = await call('POST', '/api/integrations/wordfence', {
      apiKey: 'k',
      baseUrl: 'https://x.test',
    });
    expect(extra.statusCode).toBe(400);
  });

  it('validates GridPane settings: token required, https or loopback only', async () => {
    const missing = await call('POST', '/api/integrations/gridpane', {
      baseUrl: fake.url,
      accessToken: '  ',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.accessToken).toEqual(['Access token is required']);
    const plainHttp = await call('POST', '/api/integrations/gridpane', {
      baseUrl: 'http://gridpane.example.com/api',
      accessToken: 'x',
    });
    expect(plainHttp.statusCode).toBe(400);
    expect(plainHttp.json().fieldErrors.baseUrl[0]).toMatch(/https/);
    const unknown = await call('POST', '/api/integrations/gridpane', {
      baseUrl: fake.url,
      accessToken: 'x',
      extra: 1,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a token GridPane rejects, saying so, and saves nothing', async () => {
    const res = await call('POST', '/api/integrations/gridpane', {
      baseUrl: fake.url,
      accessToken: 'wrong-token',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/GridPane rejected the access token \(HTTP 401\)/);
    expect(await t.db.select().from(integrations)).toHaveLength(0);
  });

  it('saves a working token encrypted, never returns it, and says who it connected as', async () => {
    const res = await call('POST', '/api/integrations/gridpane', {
      baseUrl: `${fake.url}/`,
      accessToken: fake.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^Connected to GridPane as /);
    expect(res.body).not.toContain(fake.token);
    expect(res.json()).toMatchObject({
      provider: 'gridpane',
      enabled: true,
      configured: true,
      tokenSet: true,
      baseUrl: fake.url,
    });
    const [row] = await t.db.select().from(integrations);
    expect(row!.secrets).not.toContain(fake.token);
    expect(JSON.stringify(row!.settings)).not.toContain(fake.token);
    const list = await call('GET', '/api/integrations');
    expect(list.body).not.toContain(fake.token);
    await t.services.jobs.idle();
  });

  it('toggles with PATCH and answers 409 for an unconfigured provider', async () => {
    const off = await call('PATCH', '/api/integrations/gridpane', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    const sites = await call('GET', '/api/sites');
    expect(sites.statusCode).toBe(409);
    expect(sites.json().code).toBe('integration_disabled');
    expect((await call('PATCH', '/api/integrations/gridpane', { enabled: true })).json().enabled).toBe(true);
    const log = (await call('GET', '/api/activity?limit=2'))
      .json()
      .data.map((a: { message: string }) => a.message);
    expect(log).toEqual([
      'alice switched on the GridPane integration',
      'alice switched off the GridPane integration',
    ]);
    const bu = await call('PATCH', '/api/integrations/betteruptime', { enabled: true });
    expect(bu.statusCode).toBe(409);
    expect(bu.json()).toMatchObject({
      code: 'integration_not_configured',
      message: 'Please configure Better Uptime integration first',
    });
    expect((await call('PATCH', '/api/integrations/kinsta', { enabled: true })).json().code).toBe(
      'integration_not_configured',
    );
    const unknown = await call('PATCH', '/api/integrations/cloudflare', { enabled: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/use gridpane, kinsta, betteruptime, hdsnapshot or wordfence/);
    await t.services.jobs.idle();
  });

  it('allows updates through a host only when an Admin says so, and logs it', async () => {
    const view = (await call('GET', '/api/integrations'))
      .json()
      .find((i: { provider: string }) => i.provider === 'gridpane');
    expect(view).toMatchObject({ allowUpdates: false, allowRestores: false });
    expect(await updatesAllowed(t.services, 'gridpane')).toBe(false);
    const on = await call('PATCH', '/api/integrations/gridpane', { allowUpdates: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ allowUpdates: true, allowRestores: false, enabled: true });
    expect(await updatesAllowed(t.services, 'gridpane')).toBe(true);
    const bad = await call('PATCH', '/api/integrations/gridpane', { allowUpdates: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/allowUpdates must be true or false/);
    // Switched off, the integration allows nothing.
    await call('PATCH', '/api/integrations/gridpane', { enabled: false });
    expect(await updatesAllowed(t.services, 'gridpane')).toBe(false);
    await call('PATCH', '/api/integrations/gridpane', { enabled: true, allowUpdates: false });
    expect(await updatesAllowed(t.services, 'gridpane')).toBe(false);
    const log = (await call('GET', '/api/activity?limit=4'))
      .json()
      .data.map((a: { message: string }) => a.message);
    expect(log).toEqual([
      'alice turned off updates through GridPane from Agency Hub',
      'alice switched on the GridPane integration',
      'alice switched off the GridPane integration',
      'alice allowed updates through GridPane from Agency Hub',
    ]);
    await t.services.jobs.idle();
  });
});
