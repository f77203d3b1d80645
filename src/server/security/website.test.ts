import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_IDS, startFakeWordfence } from '../../../test/fakes/wordfence';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { websites } from '../db/schema';
import { toSoftware } from '../providers/hdsnapshot/parse';
import { patchedFor, severityOf } from '../vulnerabilities/match';
import { recordSnapshotFacts } from '../websites/facts';

// A website's known vulnerabilities: what it runs (plugins, themes, WordPress) matched against the
// feed's affected ranges. Until both are known the answer says "not checked" and why, never "safe".
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeWordfence>>;
let cookie: string;
let site: number;
const security = async (id = site) =>
  t.app.inject({ method: 'GET', url: `/api/websites/${id}/security`, headers: { cookie } });

const runs = {
  schema_version: 2,
  plugins: [
    { slug: 'woocommerce', name: 'WooCommerce', version: '9.3.3', active: true, update_version: '9.4.2' },
    { slug: 'wordfence', name: 'Wordfence Security', version: '7.11.7', active: true },
    { slug: 'gallery-showcase-lite', name: 'Gallery Showcase Lite', version: '1.4.2', active: false },
    // Informational records are not findings.
    { slug: 'forgotten-slider-pro', name: 'Forgotten Slider Pro', version: '2.0', active: true },
  ],
  themes: [{ slug: 'astra', name: 'Astra', version: '4.8', active: true }],
};

beforeAll(async () => {
  fake = await startFakeWordfence({ records: 20 });
  t = await createTestApp({ config: { wordfenceApiUrl: fake.url } });
  cookie = await t.signIn();
  const [row] = await t.db
    .insert(websites)
    .values({
      name: 'shop.example',
      domain: 'shop.example',
      integrationProvider: 'gridpane',
      status: 'active',
      environment: 'production',
    })
    .returning();
  site = row!.id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('GET /api/websites/{id}/security', () => {
  it('is not checked while the site has not listed its plugins', async () => {
    const res = await security();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      checked: false,
      reason: 'HD Snapshot has not been read on this site yet',
      findings: [],
    });
  });

  it('is not checked while there is no vulnerability data, even with the plugins known', async () => {
    const snapshot = { wordpress_version: '6.5.3', php_version: '8.2.18', software: toSoftware(runs) };
    await recordSnapshotFacts(t.services, site, { ok: true, snapshot }, t.clock.now());
    const body = (await security()).json();
    expect(body).toMatchObject({ checked: false, findings: [], feed: { readAt: null, records: 0 } });
    expect(body.reason).toMatch(/No vulnerability data yet: save a Wordfence Intelligence API key/);
    expect(body.plugins).toHaveLength(4);
  });

  it('lists what affects the versions it runs, worst first, with the fix for each', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/integrations/wordfence',
      headers: { cookie },
      payload: { apiKey: fake.apiKey },
    });
    await t.services.jobs.idle();
    const body = (await security()).json();
    expect(body).toMatchObject({ checked: true, reason: null, core: { version: '6.5.3', verdict: null } });
    expect(body.feed.records).toBe(fake.total);
    expect(
      body.findings.map((f: Record<string, unknown>) => [
        f.vulnerabilityId,
        f.severity,
        (f.software as { slug: string }).slug,
        f.installedVersion,
        f.patchedVersion,
      ]),
    ).toEqual([
      [FIXED_IDS.core, 'critical', 'wordpress', '6.5.3', '6.5.5'],
      [FIXED_IDS.woocommerce, 'medium', 'woocommerce', '9.3.3', '9.3.4'],
      // A range from 4.0.0 includes 4.8 (versions compare padded).
      [FIXED_IDS.astra, 'medium', 'astra', '4.8', '4.8.4'],
      // No score: "unknown", ranked above low; no fix published.
      [FIXED_IDS.unscored, 'unknown', 'gallery-showcase-lite', '1.4.2', null],
    ]);
    const first = body.findings[0];
    expect(first.id).toBe(`${site}:${FIXED_IDS.core}:core:wordpress`);
    expect(first.reference).toMatch(/^https:\/\/www\.wordfence\.com\/threat-intel\/vulnerabilities\/id\//);
    expect(first.cvss).toBe(9.9);
  });

  it('drops a finding once the site runs the fixed version', async () => {
    const fixed = structuredClone(runs);
    fixed.plugins[0] = { ...runs.plugins[0]!, version: '9.3.4' };
    const snapshot = { wordpress_version: '6.6.1', php_version: '8.2.18', software: toSoftware(fixed) };
    await recordSnapshotFacts(t.services, site, { ok: true, snapshot }, t.clock.now());
    const ids = (await security()).json().findings.map((f: { vulnerabilityId: string }) => f.vulnerabilityId);
    expect(ids).toEqual([FIXED_IDS.astra, FIXED_IDS.unscored]);
  });

  it('answers 404 for an unknown website and 400 for a bad id', async () => {
    expect((await security(99999)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/websites/x/security', headers: { cookie } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('severity and the fix', () => {
  it.each([
    ['Critical', 'critical'],
    ['High', 'high'],
    ['Medium', 'medium'],
    ['Low', 'low'],
    ['None', 'low'],
    [null, 'unknown'],
    ['Severe', 'unknown'],
  ] as const)('CVSS rating %s reads %s', (rating, severity) => {
    expect(severityOf(rating)).toBe(severity);
  });

  it('names the lowest patched release above the installed one', () => {
    expect(patchedFor('6.5.3', true, ['6.4.5', '6.5.5', '6.6.1'])).toBe('6.5.5');
    expect(patchedFor('6.4', true, ['6.4.5', '6.5.5'])).toBe('6.4.5');
    expect(patchedFor('1.0', false, ['1.1'])).toBeNull();
  });
});
