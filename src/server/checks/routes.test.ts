import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { websites } from '../db/schema';

// The checks API: validation with field errors, and the outbound address rule when private targets are
// not allowed, as in production (tests elsewhere run with ALLOW_PRIVATE_TARGETS on).
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  const base = (await import('../config')).testConfig();
  t = await createTestApp({
    config: { allowPrivateTargets: false, checks: { ...base.checks, groupWindowMs: 0 } },
  });
  cookie = await t.signIn();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('POST /api/checks validation', () => {
  it.each([
    [{ url: 'https://example.com', intervalSeconds: 5 }, 'intervalSeconds', 'Interval must be at least 30'],
    [
      { url: 'https://example.com', intervalSeconds: 90_000 },
      'intervalSeconds',
      'Interval must be at most 86400',
    ],
    [{ url: 'ftp://example.com/file' }, 'url', 'Only http:// and https:// addresses can be checked'],
    [{ url: 'not a url' }, 'url', 'Enter a full address such as https://example.com'],
    [
      { url: 'https://example.com', keyword: 'x'.repeat(1025) },
      'keyword',
      'Keyword must be at most 1024 bytes',
    ],
    [
      { url: 'https://example.com', keyword: 'é'.repeat(600) },
      'keyword',
      'Keyword must be at most 1024 bytes',
    ],
    [
      { url: 'https://example.com', keywordMode: 'sometimes' },
      'keywordMode',
      'Keyword mode must be present or absent',
    ],
    [{ url: 'https://example.com', timeoutSeconds: 40 }, 'timeoutSeconds', 'Timeout must be at most 15'],
    [
      { url: 'https://example.com', intervalSeconds: 30, timeoutSeconds: 30 },
      'timeoutSeconds',
      'Timeout must be at most 15',
    ],
    [{ url: 'https://example.com', confirmations: 0 }, 'confirmations', 'Confirmations must be at least 1'],
    [
      { url: 'https://example.com', expectedStatus: '2xx or so' },
      'expectedStatus',
      'Expected status: codes and ranges such as 200-299,301',
    ],
    [{ url: 'https://example.com', secret: 1 }, '', ''],
  ])('refuses %j', async (body, field, message) => {
    const res = await api('POST', '/api/checks', body);
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json().fieldErrors[field]).toContain(message);
  });

  it('refuses an unknown website', async () => {
    const res = await api('POST', '/api/checks', { url: 'https://93.184.215.14/', websiteId: 999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.websiteId).toEqual(['That website does not exist']);
  });
});

describe('targets that resolve to private addresses are refused (without ALLOW_PRIVATE_TARGETS)', () => {
  it.each([
    ['http://127.0.0.1:8080/', /127\.0\.0\.1.*loopback/],
    ['http://10.1.2.3/', /10\.1\.2\.3.*private/],
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254/],
    ['http://[::1]/', /::1.*loopback/],
    ['http://localhost:3000/', /localhost resolves to .*loopback/],
    ['http://2130706433/', /127\.0\.0\.1/],
  ])('%s', async (url, message) => {
    const res = await api('POST', '/api/checks', { url });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.url[0]).toMatch(message);
    expect(res.json().fieldErrors.url[0]).toMatch(/ALLOW_PRIVATE_TARGETS=true/);
  });

  it('a webhook channel to a private address is refused the same way', async () => {
    const res = await api('POST', '/api/alerts/channels', {
      kind: 'webhook',
      name: 'x',
      url: 'http://10.0.0.5/hook',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.url[0]).toMatch(/private/);
  });
});

describe('the checks API', () => {
  it('creates, reads, updates, pauses, resumes and deletes a check; 404 for unknown ids', async () => {
    const created = await api('POST', '/api/checks', {
      url: 'https://93.184.215.14/health',
      name: 'Shop',
      keyword: 'Welcome',
    });
    expect(created.statusCode).toBe(201);
    const check = created.json();
    expect(check).toMatchObject({
      name: 'Shop',
      intervalSeconds: 60,
      timeoutSeconds: 10,
      expectedStatus: '200-399',
      keywordMode: 'present',
      confirmations: 2,
      status: 'pending',
      inMaintenance: false,
    });
    expect((await api('GET', '/api/checks')).json().data.map((c: { id: number }) => c.id)).toEqual([
      check.id,
    ]);
    const updated = await api('PUT', `/api/checks/${check.id}`, {
      url: 'https://93.184.215.14/',
      intervalSeconds: 300,
    });
    expect(updated.json()).toMatchObject({ name: '93.184.215.14', intervalSeconds: 300, keyword: null });
    expect((await api('POST', `/api/checks/${check.id}/pause`)).json().status).toBe('paused');
    expect((await api('POST', `/api/checks/${check.id}/resume`)).json().status).toBe('pending');
    const results = await api(
      'GET',
      `/api/checks/${check.id}/results?from=2026-11-24T10:00:00Z&to=2026-11-24T09:00:00Z`,
    );
    expect(results.statusCode).toBe(400);
    expect((await api('GET', `/api/checks/${check.id}/results?from=yesterday`)).statusCode).toBe(400);
    // Dates from 2000-01-01 to a year after today by the app's clock.
    const now = t.clock.now();
    const latest = `${now.getUTCFullYear() + 1}${now.toISOString().slice(4, 10)}`;
    const far = await api('GET', `/api/checks/${check.id}/results?to=9999-12-31T00:00:00Z`);
    expect(far.statusCode).toBe(400);
    expect(far.json().fieldErrors).toEqual({
      to: [`The end date must be between 2000-01-01 and ${latest}.`],
    });
    const early = await api('GET', `/api/checks/${check.id}/results?from=1999-12-31T23:59:59Z`);
    expect(early.json().fieldErrors).toEqual({
      from: [`The start date must be between 2000-01-01 and ${latest}.`],
    });
    const lastDay = await api('GET', `/api/checks/${check.id}/results?to=${latest}T12:00:00Z`);
    expect(lastDay.statusCode).toBe(200);
    expect((await api('DELETE', `/api/checks/${check.id}`)).statusCode).toBe(204);
    for (const [method, url] of [
      ['GET', `/api/checks/${check.id}`],
      ['PUT', `/api/checks/${check.id}`],
      ['DELETE', `/api/checks/${check.id}`],
      ['POST', `/api/checks/${check.id}/pause`],
      ['GET', `/api/checks/${check.id}/results`],
    ] as const) {
      const res = await api(method, url, method === 'PUT' ? { url: 'https://93.184.215.14/' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api('GET', '/api/checks/abc')).statusCode).toBe(400);
  });

  it('creates one check per website without one, in one click or in bulk, never twice', async () => {
    const sites = await t.db
      .insert(websites)
      .values(
        // Public addresses: they pass the address rules without a name lookup.
        ['93.184.215.31', '93.184.215.32', '93.184.215.33'].map((domain) => ({
          name: domain,
          domain,
          integrationProvider: 'gridpane',
          status: 'active',
          environment: 'production',
        })),
      )
      .returning();
    const one = await api('POST', '/api/checks/for-websites', { websiteIds: [sites[0]!.id] });
    expect(one.json()).toEqual({ created: 1, skipped: 0, refused: [] });
    expect((await api('POST', '/api/checks/for-websites', { websiteIds: [sites[0]!.id] })).json()).toEqual({
      created: 0,
      skipped: 1,
      refused: [],
    });
    expect((await api('POST', '/api/checks/for-websites', {})).json()).toEqual({
      created: 2,
      skipped: 0,
      refused: [],
    });
    const list = (await api('GET', '/api/checks')).json().data;
    expect(list.map((c: { url: string; websiteId: number }) => [c.url, c.websiteId]).sort()).toEqual(
      sites.map((s) => [`https://${s.domain}`, s.id]).sort(),
    );
    expect((await api('POST', '/api/checks/for-websites', { websiteIds: [99_999] })).statusCode).toBe(404);
  });

  it('refuses, per website, a domain that makes no address a check may have, and stores nothing for it', async () => {
    const hostile = ['<img src=x onerror=alert(1)>', '=hyperlink("http://evil")', '127.0.0.1'];
    const sites = await t.db
      .insert(websites)
      .values(
        [...hostile, '93.184.215.40'].map((domain) => ({
          name: domain,
          domain,
          integrationProvider: 'gridpane',
          status: 'active',
          environment: 'production',
        })),
      )
      .returning();
    const before = (await api('GET', '/api/checks')).json().data.length;
    const res = await api('POST', '/api/checks/for-websites', { websiteIds: sites.map((s) => s.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 1,
      skipped: 0,
      refused: [
        {
          websiteId: sites[0]!.id,
          domain: '<img src=x onerror=alert(1)>',
          reason: 'Enter a full address such as https://example.com',
        },
        {
          websiteId: sites[1]!.id,
          domain: '=hyperlink("http://evil")',
          reason: 'The host must be a name such as example.com or an IP address',
        },
        {
          websiteId: sites[2]!.id,
          domain: '127.0.0.1',
          reason: expect.stringMatching(/^127\.0\.0\.1 is .*loopback.*ALLOW_PRIVATE_TARGETS=true/),
        },
      ],
    });
    const list = (await api('GET', '/api/checks')).json().data;
    expect(list).toHaveLength(before + 1);
    expect(list.filter((c: { websiteId: number }) => sites.some((s) => s.id === c.websiteId))).toEqual([
      expect.objectContaining({ url: 'https://93.184.215.40', websiteId: sites[3]!.id }),
    ]);
    // The bulk action over every website says the same, and still stores nothing for them.
    const all = (await api('POST', '/api/checks/for-websites', {})).json();
    expect(all).toMatchObject({ created: 0, skipped: 0 });
    expect(all.refused.map((r: { websiteId: number }) => r.websiteId)).toEqual(
      sites.slice(0, 3).map((s) => s.id),
    );
    expect((await api('GET', '/api/checks')).json().data).toHaveLength(before + 1);
  });

  it('refuses by hand what it refuses for a website: a host that is no name', async () => {
    const res = await api('POST', '/api/checks', { url: 'https://=hyperlink("http://evil")' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.url).toEqual([
      'The host must be a name such as example.com or an IP address',
    ]);
  });
});

describe('a check and its website', () => {
  it("links a check made for a website's address to that website, and its health follows the check", async () => {
    const [site] = await t.db
      .insert(websites)
      .values({
        name: '93.184.215.41',
        domain: '93.184.215.41',
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
      })
      .returning();
    const made = await api('POST', '/api/checks', { url: 'https://93.184.215.41/shop' });
    expect(made.statusCode).toBe(201);
    expect(made.json().websiteId).toBe(site!.id);
    const view = (await api('GET', `/api/websites/${site!.id}`)).json();
    expect(view.check).toEqual({ id: made.json().id, name: made.json().name });
    expect(view.health.source).toBe('check');
    // An address of no website stays unlinked.
    const other = await api('POST', '/api/checks', { url: 'https://93.184.215.42/' });
    expect(other.json().websiteId).toBeNull();
  });
});
