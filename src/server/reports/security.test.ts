import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_IDS, startFakeWordfence } from '../../../test/fakes/wordfence';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { addDays, type ClientReport, securityCoverage, summarySecurity } from '../../shared/reports';
import { agencySettings, clients, securityDismissals, websites } from '../db/schema';
import { toSoftware } from '../providers/hdsnapshot/parse';
import { MATCH_JOB } from '../vulnerabilities/match';
import { recordSnapshotFacts } from '../websites/facts';
import { pdfText } from './test-helpers';

// The report's security section reads the findings' history: open at the period's end, fixed during
// it, and only over the time the history recorded ("no data" before it began, "Not checked" for a site
// whose software is not known, never zero findings).
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeWordfence>>;
let cookie: string;
let clientId: number;
const site: Record<string, number> = {};
const DAY = 86_400_000;
/** The day the history begins (at noon UTC), and the days around it. */
let day1: string;

const read = (id: number, wordpress: string, woocommerce: string) =>
  recordSnapshotFacts(
    t.services,
    id,
    {
      ok: true,
      snapshot: {
        wordpress_version: wordpress,
        php_version: '8.2.18',
        software: toSoftware({
          schema_version: 2,
          plugins: [{ slug: 'woocommerce', name: 'WooCommerce', version: woocommerce, active: true }],
          themes: [],
        }),
      },
    },
    t.clock.now(),
  );
const matchAndRecord = async () => {
  await t.services.jobs.send(MATCH_JOB);
  await t.services.jobs.idle();
};
const report = async (from: string, to: string, ext = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/clients/${clientId}/report${ext}?from=${from}&to=${to}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const securityOf = (r: ClientReport, domain: string) => r.websites.find((w) => w.domain === domain)!.security;

beforeAll(async () => {
  fake = await startFakeWordfence({ records: 10 });
  t = await createTestApp({ config: { wordfenceApiUrl: fake.url } });
  await t.db
    .insert(agencySettings)
    .values({ id: 1, name: 'Pixel Agency', timeZone: 'UTC' })
    .onConflictDoUpdate({ target: agencySettings.id, set: { name: 'Pixel Agency', timeZone: 'UTC' } });
  const [client] = await t.db.insert(clients).values({ name: 'Dental Co' }).returning();
  clientId = client!.id;
  for (const domain of ['shop.example', 'unknown.example', 'calm.example']) {
    const [w] = await t.db
      .insert(websites)
      .values({
        name: domain,
        domain,
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
        clientId,
      })
      .returning();
    site[domain] = w!.id;
  }
  // Noon (UTC) of the day after tomorrow: the history begins then.
  const now = t.clock.now().getTime();
  t.clock.advance(Math.ceil(now / DAY) * DAY + DAY + DAY / 2 - now);
  day1 = t.clock.now().toISOString().slice(0, 10);
  cookie = await t.signIn();
  // The shop runs a critical core version and a medium WooCommerce; calm runs the same WooCommerce,
  // which an Admin sets aside; unknown.example never told us its plugins.
  await read(site['shop.example']!, '6.5.3', '9.3.3');
  await read(site['calm.example']!, '6.5.5', '9.3.3');
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/wordfence',
    headers: { cookie },
    payload: { apiKey: fake.apiKey },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.services.jobs.idle();
  await t.db.insert(securityDismissals).values({
    websiteId: site['calm.example']!,
    vulnerabilityId: FIXED_IDS.woocommerce,
    type: 'plugin',
    slug: 'woocommerce',
    reason: 'The vulnerable feature is turned off',
    until: new Date(t.clock.now().getTime() + 60 * DAY),
    dismissedAt: t.clock.now(),
  });
  // Two days later the shop updates WooCommerce past the fix.
  t.clock.advance(2 * DAY);
  await read(site['shop.example']!, '6.5.3', '9.3.4');
  await matchAndRecord();
  t.clock.advance(3 * DAY);
  cookie = await t.signIn();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("the report's security section", () => {
  it('lists what was open at the end and what was fixed during the period, recorded since the start', async () => {
    const r: ClientReport = (await report(addDays(day1, -1), addDays(day1, 4))).json();
    expect(r.securitySince).toBe(`${day1}T12:00:00.000Z`);
    const shop = securityOf(r, 'shop.example');
    expect(shop).toMatchObject({
      status: 'measured',
      measuredFrom: `${day1}T12:00:00.000Z`,
      measuredPartly: true,
    });
    expect(shop.open).toEqual([
      expect.objectContaining({
        vulnerabilityId: FIXED_IDS.core,
        severity: 'critical',
        software: { type: 'core', slug: 'wordpress', name: 'WordPress' },
        installedVersion: '6.5.3',
        patchedVersion: '6.5.5',
      }),
    ]);
    expect(shop.fixed).toEqual([
      expect.objectContaining({
        vulnerabilityId: FIXED_IDS.woocommerce,
        severity: 'medium',
        installedVersion: '9.3.3',
        closedVersion: '9.3.4',
        fixedAt: `${addDays(day1, 2)}T12:00:00.000Z`,
      }),
    ]);
    expect(summarySecurity(shop)).toBe('1 open (1 Critical) · 1 fixed');
    // A finding set aside at the period's end is not open, and it was not fixed either.
    expect(securityOf(r, 'calm.example')).toMatchObject({ status: 'measured', open: [], fixed: [] });
    expect(summarySecurity(securityOf(r, 'calm.example'))).toBe('0 open · 0 fixed');
    // A site whose plugins are not known reads "Not checked", never zero.
    const unknown = securityOf(r, 'unknown.example');
    expect(unknown).toMatchObject({ status: 'not-checked', open: [], fixed: [] });
    expect(unknown.reason).toMatch(/HD Snapshot has not been read/);
    expect(summarySecurity(unknown)).toBe('Not checked');
    expect(securityCoverage(r)).toMatch(/^Security findings recorded since \d+ \w+ \d{4}\.$/);
  });

  it('counts a finding fixed before the period neither as open nor as fixed', async () => {
    const r: ClientReport = (await report(addDays(day1, 3), addDays(day1, 4))).json();
    const shop = securityOf(r, 'shop.example');
    expect(shop).toMatchObject({ measuredFrom: `${addDays(day1, 3)}T00:00:00.000Z`, measuredPartly: false });
    expect(shop.open.map((f) => f.vulnerabilityId)).toEqual([FIXED_IDS.core]);
    expect(shop.fixed).toEqual([]);
  });

  it('says "no data" for a period that ended before the history began, never 0 findings', async () => {
    const r: ClientReport = (await report(addDays(day1, -3), addDays(day1, -1))).json();
    for (const w of r.websites) {
      expect(w.security).toMatchObject({ status: 'not-measured', measuredFrom: null, open: [], fixed: [] });
      expect(summarySecurity(w.security)).toBe('No data');
    }
    expect(securityCoverage(r)).toMatch(/: no data for this period\.$/);
    const csv = (await report(addDays(day1, -3), addDays(day1, -1), '.csv')).body;
    expect(csv).toContain('Vulnerabilities open at end');
    const rows = csv.split(/\r?\n/).filter(Boolean).slice(1);
    expect(rows).toHaveLength(3);
    // Recorded since, open at end, its details, fixed, their details: no data, never 0.
    for (const row of rows) expect(row).toMatch(/,no data,no data,,no data,,0$/);
  });

  it('states the same in the PDF and the CSV', async () => {
    const period = [addDays(day1, -1), addDays(day1, 4)] as const;
    const text = await pdfText((await report(...period, '.pdf')).rawPayload);
    expect(text).toContain("Open at the period's end (1): 1 Critical");
    expect(text).toContain('WordPress Core <= 6.5.4');
    expect(text).toContain('Fixed during the period (1)');
    expect(text).toContain('WooCommerce 9.3.3 → 9.3.4');
    expect(text).toContain('Not checked: HD Snapshot has not been read');
    expect(text).toContain('Security findings recorded since');
    const csv = (await report(...period, '.csv')).body;
    const rows = csv.split('\r\n');
    expect(rows.find((l) => l.includes('unknown.example'))).toContain('Not checked');
    expect(csv).toContain('Critical: WordPress Core <= 6.5.4');
  });
});
