import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedRecords, startFakeWordfence } from '../../../test/fakes/wordfence';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { clients, websites } from '../db/schema';
import { toSoftware } from '../providers/hdsnapshot/parse';
import { recordSnapshotFacts } from '../websites/facts';

// A website's security risk as the Websites list, the client page and the export show it: the worst
// open finding's severity and the count of open findings; a dismissed finding does not count; a site
// whose plugins or vulnerability data are not known is "not checked", never safe.
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeWordfence>>;
let owner: string;
let acme: number;
let globex: number;
const NAMES = ['crit', 'dismissed', 'clean', 'unread', 'schema1'] as const;
const site = Object.fromEntries(NAMES.map((n) => [n, 0])) as Record<(typeof NAMES)[number], number>;

/** A plugin record scored High, so a site can run both a critical and a high finding. */
const HIGH_ID = '6a02b18f-cf7e-4f9c-91c7-7d803e4f9c67';
const highRecord = {
  ...fixedRecords()[0],
  id: HIGH_ID,
  title: 'Contact Hub <= 2.0.0 - Unauthenticated SQL Injection',
  software: [
    {
      type: 'plugin',
      name: 'Contact Hub',
      slug: 'contact-hub',
      affected_versions: {
        '* - 2.0.0': { from_version: '*', from_inclusive: true, to_version: '2.0.0', to_inclusive: true },
      },
      patched: true,
      patched_versions: ['2.0.1'],
      remediation: 'Update to version 2.0.1, or a newer patched version',
    },
  ],
  cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', score: 7.5, rating: 'High' },
  cve: 'CVE-2024-10009',
};

const get = (url: string, as = owner) => t.app.inject({ method: 'GET', url, headers: { cookie: as } });
const plugins = (list: [slug: string, version: string][]) => ({
  schema_version: 2,
  plugins: list.map(([slug, version]) => ({ slug, name: slug, version, active: true })),
  themes: [],
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

type Row = {
  id: number;
  risk: {
    checked: boolean;
    reason: string | null;
    severity: string | null;
    open: number;
    warnings: string[];
  };
};
const risksOf = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.id, r.risk]));
const listRisks = async (as = owner) => {
  const res = await get('/api/websites?page=1&pageSize=50', as);
  expect(res.statusCode, res.body).toBe(200);
  return risksOf(res.json().data);
};

const NOT_READ = {
  checked: false,
  reason: 'HD Snapshot has not been read on this site yet',
  severity: null,
  open: 0,
  warnings: [],
};
const SCHEMA_1 = {
  checked: false,
  reason: 'Its HD Snapshot plugin does not report the plugin list (schema 1): update the plugin on the site',
  severity: null,
  open: 0,
  warnings: [],
};

beforeAll(async () => {
  fake = await startFakeWordfence({ extra: { [HIGH_ID]: highRecord } });
  t = await createTestApp({ config: { wordfenceApiUrl: fake.url } });
  owner = await t.signIn();
  [acme, globex] = (
    await t.db
      .insert(clients)
      .values([{ name: 'Acme' }, { name: 'Globex' }])
      .returning()
  ).map((c) => c.id) as [number, number];
  const made = await t.db
    .insert(websites)
    .values(
      NAMES.map((name) => ({
        name: `${name}.example`,
        domain: `${name}.example`,
        clientId: name === 'dismissed' ? globex : acme,
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
      })),
    )
    .returning();
  for (const w of made) site[w.name.split('.')[0] as keyof typeof site] = w.id;
  // WordPress 6.5.3 is in core's critical range; Contact Hub 2.0.0 is high; WooCommerce 9.3.3 medium.
  await read(
    site.crit,
    plugins([
      ['contact-hub', '2.0.0'],
      ['woocommerce', '9.4.2'],
    ]),
    '6.5.3',
  );
  await read(
    site.dismissed,
    plugins([
      ['contact-hub', '2.0.0'],
      ['woocommerce', '9.3.3'],
    ]),
  );
  await read(site.clean, plugins([['woocommerce', '9.4.2']]));
  await read(site.schema1, null);
  // site.unread: never read
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('before any vulnerability data', () => {
  it('reads every site as not checked, with the reason', async () => {
    const risks = await listRisks();
    const noFeed = {
      checked: false,
      reason: 'No vulnerability data yet: save a Wordfence Intelligence API key on the Integrations page',
      severity: null,
      open: 0,
      warnings: [],
    };
    expect(risks[site.crit]).toEqual(noFeed);
    expect(risks[site.clean]).toEqual(noFeed);
    expect(risks[site.unread]).toEqual(NOT_READ);
    expect(risks[site.schema1]).toEqual(SCHEMA_1);
  });
});

describe('with the feed read', () => {
  beforeAll(async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/wordfence',
      headers: { cookie: owner },
      payload: { apiKey: fake.apiKey },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.services.jobs.idle();
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/security/findings/${encodeURIComponent(`${site.dismissed}:${HIGH_ID}:plugin:contact-hub`)}/dismiss`,
      headers: { cookie: owner },
      payload: {
        reason: 'The form is turned off on this site',
        until: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
      },
    });
    expect(dismissed.statusCode, dismissed.body).toBeLessThan(300);
  });

  it('gives each row of the Websites list its worst open finding and how many are open', async () => {
    const risks = await listRisks();
    // Critical (core) wins over high (Contact Hub).
    expect(risks[site.crit]).toEqual({
      checked: true,
      reason: null,
      severity: 'critical',
      open: 2,
      warnings: [],
    });
    // The high finding is dismissed: the medium one is left.
    expect(risks[site.dismissed]).toEqual({
      checked: true,
      reason: null,
      severity: 'medium',
      open: 1,
      warnings: [],
    });
    expect(risks[site.clean]).toEqual({ checked: true, reason: null, severity: null, open: 0, warnings: [] });
    expect(risks[site.unread]).toEqual(NOT_READ);
    expect(risks[site.schema1]).toEqual(SCHEMA_1);
  });

  it('agrees with the website page: its open findings are the ones counted', async () => {
    for (const id of [site.crit, site.dismissed, site.clean]) {
      const security = (await get(`/api/websites/${id}/security`)).json();
      const open = security.findings.filter((f: { dismissed: boolean }) => !f.dismissed);
      expect((await listRisks())[id]?.open).toBe(open.length);
    }
  });

  it('a dismissal undone counts again', async () => {
    const undone = await t.app.inject({
      method: 'DELETE',
      url: `/api/security/findings/${encodeURIComponent(`${site.dismissed}:${HIGH_ID}:plugin:contact-hub`)}/dismiss`,
      headers: { cookie: owner },
    });
    expect(undone.statusCode, undone.body).toBeLessThan(300);
    expect((await listRisks())[site.dismissed]).toEqual({
      checked: true,
      reason: null,
      severity: 'high',
      open: 2,
      warnings: [],
    });
  });

  it('shows on the client page, for its websites only', async () => {
    const res = await get(`/api/clients/${acme}/websites`);
    expect(res.statusCode, res.body).toBe(200);
    const risks = risksOf(res.json());
    expect(Object.keys(risks).map(Number).sort()).toEqual(
      [site.crit, site.clean, site.unread, site.schema1].sort(),
    );
    expect(risks[site.crit]).toMatchObject({ severity: 'critical', open: 2, warnings: [] });
    expect(risks[site.clean]).toEqual({ checked: true, reason: null, severity: null, open: 0, warnings: [] });
    expect(risks[site.unread]).toEqual(NOT_READ);
  });

  it('keeps to the clients of a person limited to some', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: owner },
      payload: {
        username: 'sam',
        email: 'sam@example.com',
        password: 'secret123',
        role: 'viewer',
        clientIds: [globex],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const sam = await t.signIn({ username: 'sam', email: 'sam@example.com', password: 'secret123' });
    const risks = await listRisks(sam);
    expect(Object.keys(risks).map(Number)).toEqual([site.dismissed]);
    expect(risks[site.dismissed]).toMatchObject({ checked: true, severity: 'high' });
  });

  it('is in the Websites export, by the same words', async () => {
    const res = await get('/api/websites/export.csv');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Security risk,Open findings,Not checked because');
    const line = (name: string) => lines.find((l) => l.startsWith(`${name}.example,`)) ?? '';
    expect(line('crit')).toMatch(/,Critical,2,$/);
    expect(line('clean')).toMatch(/,No known vulnerabilities,0,$/);
    expect(line('unread')).toMatch(/,Not checked,,HD Snapshot has not been read on this site yet$/);
  });
});
