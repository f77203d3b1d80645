import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_IDS, startFakeWordfence } from '../../../test/fakes/wordfence';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { auditLog, clients, vulnerabilityMatchedVersions, websites } from '../db/schema';
import { toSoftware } from '../providers/hdsnapshot/parse';
import { MATCH_JOB } from '../vulnerabilities/match';
import { recordSnapshotFacts } from '../websites/facts';

// The Security page's fleet view: the findings of every checked website grouped by vulnerability,
// the summary, a finding's sites, dismissals and the export. A site not checked never counts as safe.
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeWordfence>>;
let admin: string;
let staff: string;
let viewer: string;
let acme: number;
let globex: number;
const site: Record<'shop' | 'blog' | 'old' | 'new', number> = { shop: 0, blog: 0, old: 0, new: 0 };
const get = (url: string, as = admin) => t.app.inject({ method: 'GET', url, headers: { cookie: as } });
const dismiss = (id: string, payload: object, as = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/security/findings/${encodeURIComponent(id)}/dismiss`,
    headers: { cookie: as },
    payload,
  });

const plugins = (woo: string) => ({
  schema_version: 2,
  plugins: [
    { slug: 'woocommerce', name: 'WooCommerce', version: woo, active: true, update_version: '9.4.2' },
    { slug: 'gallery-showcase-lite', name: 'Gallery Showcase Lite', version: '1.4.2', active: false },
  ],
  themes: [{ slug: 'astra', name: 'Astra', version: '4.9', active: true }],
});
const read = (id: number, software: Record<string, unknown> | null, wordpress = '6.6.1') =>
  recordSnapshotFacts(
    t.services,
    id,
    {
      ok: true,
      snapshot: {
        wordpress_version: wordpress,
        php_version: '8.2.18',
        software: software ? toSoftware(software) : null,
      },
    },
    t.clock.now(),
  );
const wooId = `${FIXED_IDS.woocommerce}:plugin:woocommerce`;
const future = () => new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString();

beforeAll(async () => {
  fake = await startFakeWordfence({ records: 20 });
  t = await createTestApp({ config: { wordfenceApiUrl: fake.url } });
  admin = await t.signIn();
  staff = await t.signIn({
    username: 'sam',
    email: 'sam@example.com',
    password: 'correct horse',
    role: 'staff',
  });
  viewer = await t.signIn({
    username: 'vic',
    email: 'vic@example.com',
    password: 'correct horse',
    role: 'viewer',
  });
  [acme, globex] = (
    await t.db
      .insert(clients)
      .values([{ name: 'Acme' }, { name: 'Globex' }])
      .returning()
  ).map((c) => c.id) as [number, number];
  const made = await t.db
    .insert(websites)
    .values(
      (['shop', 'blog', 'old', 'new'] as const).map((name) => ({
        name: `${name}.example`,
        domain: `${name}.example`,
        clientId: name === 'blog' ? globex : acme,
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
      })),
    )
    .returning();
  for (const w of made) site[w.name.split('.')[0] as keyof typeof site] = w.id;
  await read(site.shop, plugins('9.3.3'));
  await read(site.blog, plugins('9.3.3'), '6.5.3');
  await read(site.old, null); // a schema 1 plugin: no plugin list
  // site.new: never read
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('before any vulnerability data', () => {
  it('counts no site as checked, and says why', async () => {
    const body = (await get('/api/security/summary')).json();
    expect(body.sites).toEqual({ checked: 0, notChecked: 4 });
    expect(body.findings).toEqual({ critical: 0, high: 0, medium: 0, low: 0, unknown: 0 });
    expect(body.feed).toEqual({ readAt: null, records: 0, error: null });
    const reasons = Object.fromEntries(
      body.notCheckedReasons.map((r: { reason: string; sites: number }) => [r.reason, r.sites]),
    );
    expect(reasons).toEqual({
      'No vulnerability data yet: save a Wordfence Intelligence API key on the Integrations page': 2,
      'Its HD Snapshot plugin does not report the plugin list (schema 1): update the plugin on the site': 1,
      'HD Snapshot has not been read on this site yet': 1,
    });
    expect((await get('/api/security/findings')).json()).toMatchObject({ data: [], total: 0 });
  });
});

describe('with the feed read', () => {
  beforeAll(async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/wordfence',
      headers: { cookie: admin },
      payload: { apiKey: fake.apiKey },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.services.jobs.idle();
  });

  it('sums up the fleet: checked sites, sites per severity, updates waiting', async () => {
    const body = (await get('/api/security/summary')).json();
    expect(body.sites).toEqual({ checked: 2, notChecked: 2 });
    // Both run an affected WooCommerce (medium) and the unscored plugin (unknown); only the blog's
    // WordPress 6.5.3 is in core's critical range.
    expect(body.findings).toEqual({ critical: 1, high: 0, medium: 2, low: 0, unknown: 2 });
    expect(body.updatesAvailable).toBe(2);
    expect(body.closedPlugins).toBeNull();
    expect(body.feed.records).toBe(fake.total);
    expect(body.notCheckedReasons).toHaveLength(2);
  });

  it('lists each vulnerability once with how many sites run it, worst first', async () => {
    const body = (await get('/api/security/findings')).json();
    expect(body.total).toBe(3);
    expect(
      body.data.map((f: { id: string; severity: string; siteCount: number }) => [
        f.id,
        f.severity,
        f.siteCount,
      ]),
    ).toEqual([
      [`${FIXED_IDS.core}:core:wordpress`, 'critical', 1],
      [wooId, 'medium', 2],
      [`${FIXED_IDS.unscored}:plugin:gallery-showcase-lite`, 'unknown', 2],
    ]);
    const woo = body.data[1];
    expect(woo).toMatchObject({
      vulnerabilityId: FIXED_IDS.woocommerce,
      software: { type: 'plugin', slug: 'woocommerce', name: 'WooCommerce' },
      patchedVersion: '9.3.4',
    });
    expect(woo.reference).toMatch(/^https:\/\/www\.wordfence\.com\//);
    // Astra 4.9 is past the theme's affected range: no finding.
    expect(body.data.some((f: { software: { slug: string } }) => f.software.slug === 'astra')).toBe(false);
  });

  it('filters by client, severity and text, and pages', async () => {
    const ids = async (query: string) =>
      (await get(`/api/security/findings?${query}`)).json().data.map((f: { id: string }) => f.id);
    expect(await ids(`clientId=${acme}`)).toEqual([
      wooId,
      `${FIXED_IDS.unscored}:plugin:gallery-showcase-lite`,
    ]);
    expect(await ids('severity=critical')).toEqual([`${FIXED_IDS.core}:core:wordpress`]);
    expect(await ids('q=WOOCOMMERCE')).toEqual([wooId]);
    const second = (await get('/api/security/findings?pageSize=2&page=2')).json();
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.data).toHaveLength(1);
    expect((await get('/api/security/findings?pageSize=2&page=9')).json()).toMatchObject({
      data: [],
      total: 3,
    });
    const acmeSummary = (await get(`/api/security/summary?clientId=${acme}`)).json();
    expect(acmeSummary.sites).toEqual({ checked: 1, notChecked: 2 });
    expect(acmeSummary.findings.critical).toBe(0);
  });

  it("lists a finding's sites with the version each runs", async () => {
    const body = (await get(`/api/security/findings/${encodeURIComponent(wooId)}/sites`)).json();
    expect(body.total).toBe(2);
    expect(body.data.map((s: { website: { name: string } }) => s.website.name)).toEqual([
      'blog.example',
      'shop.example',
    ]);
    expect(body.data[1]).toMatchObject({
      id: `${site.shop}:${wooId}`,
      client: { id: acme, name: 'Acme' },
      installedVersion: '9.3.3',
      patchedVersion: '9.3.4',
      dismissal: null,
    });
    expect((await get('/api/security/findings/nonsense/sites')).statusCode).toBe(404);
  });

  it('answers a clear 400 for bad filters', async () => {
    const bad = await get('/api/security/findings?severity=severe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/severity must be one of: critical, high, medium, unknown, low/);
    expect((await get('/api/security/findings?clientId=abc')).statusCode).toBe(400);
    expect((await get('/api/security/findings?pageSize=500')).statusCode).toBe(400);
    expect((await get('/api/security/summary?status=open')).statusCode).toBe(400);
  });

  it('matches a version no site ran before once the match job runs', async () => {
    await read(site.shop, plugins('9.2.0'));
    const before = await t.db
      .select()
      .from(vulnerabilityMatchedVersions)
      .where(
        and(
          eq(vulnerabilityMatchedVersions.slug, 'woocommerce'),
          eq(vulnerabilityMatchedVersions.version, '9.2.0'),
        ),
      );
    expect(before).toEqual([]);
    await t.services.jobs.send(MATCH_JOB);
    await t.services.jobs.idle();
    const sites = (await get(`/api/security/findings/${encodeURIComponent(wooId)}/sites`)).json();
    expect(sites.data.find((s: { website: { id: number } }) => s.website.id === site.shop)).toMatchObject({
      installedVersion: '9.2.0',
    });
  });
});

describe('dismissing a finding on one site', () => {
  const shopWoo = () => `${site.shop}:${wooId}`;

  it('needs an Admin, a reason and an expiry in the future', async () => {
    expect((await dismiss(shopWoo(), { reason: 'x', until: future() }, viewer)).statusCode).toBe(403);
    expect((await dismiss(shopWoo(), { reason: 'x', until: future() }, staff)).statusCode).toBe(403);
    const noReason = await dismiss(shopWoo(), { reason: ' ', until: future() });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Reason is required/);
    const past = await dismiss(shopWoo(), { reason: 'Patched by hand', until: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/until must be in the future/);
    expect((await dismiss(shopWoo(), { reason: 'x', until: 'tomorrow' })).statusCode).toBe(400);
    // A finding the site does not have, and an id that is no finding.
    expect((await dismiss(`${site.old}:${wooId}`, { reason: 'x', until: future() })).statusCode).toBe(404);
    expect((await dismiss('1:nope', { reason: 'x', until: future() })).statusCode).toBe(404);
  });

  it('sets it aside until the day given: out of the open counts, shown as dismissed, audited', async () => {
    const until = future();
    const res = await dismiss(shopWoo(), { reason: 'Checkout is disabled on this site', until });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reason: 'Checkout is disabled on this site', until, by: 'alice' });
    const open = (await get('/api/security/findings')).json();
    expect(open.data.find((f: { id: string }) => f.id === wooId).siteCount).toBe(1);
    const dismissed = (await get('/api/security/findings?status=dismissed')).json();
    expect(dismissed.data.map((f: { id: string; siteCount: number }) => [f.id, f.siteCount])).toEqual([
      [wooId, 1],
    ]);
    const page = (await get(`/api/websites/${site.shop}/security`)).json();
    expect(page.findings.find((f: { id: string }) => f.id === shopWoo())).toMatchObject({
      dismissed: true,
      dismissal: { reason: 'Checkout is disabled on this site' },
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.findings.dismiss'))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({ targetId: shopWoo() });
  });

  it('comes back once its day has passed', async () => {
    t.clock.advance(31 * 86_400_000);
    // Sessions end sooner than that: everyone signs in again.
    admin = await t.signIn();
    const open = (await get('/api/security/findings')).json();
    expect(open.data.find((f: { id: string }) => f.id === wooId).siteCount).toBe(2);
  });

  it('is undone by deleting the dismissal', async () => {
    await dismiss(shopWoo(), { reason: 'Checkout is disabled on this site', until: future() });
    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/api/security/findings/${encodeURIComponent(shopWoo())}/dismiss`,
      headers: { cookie: admin },
    });
    expect(undo.statusCode).toBe(204);
    expect((await get('/api/security/findings?status=dismissed')).json().total).toBe(0);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/security/findings/${encodeURIComponent(shopWoo())}/dismiss`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /api/security/export.csv', () => {
  it('writes one row per site and finding, with the filters of the page', async () => {
    const res = await get(`/api/security/export.csv?clientId=${globex}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(
      /^Website,Client,Type,Software,Slug,Installed version,Fixed in,Severity,CVSS,CVE/,
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^blog\.example,Globex,core,WordPress,wordpress,6\.5\.3,6\.5\.5,Critical,9\.9,/);
  });
});
