import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_IDS, startFakeWordfence } from '../../../test/fakes/wordfence';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { securityFindingHistory, securityFindingHistoryStart, websites } from '../db/schema';
import { toSoftware } from '../providers/hdsnapshot/parse';
import { MATCH_JOB } from '../vulnerabilities/match';
import { recordSnapshotFacts } from '../websites/facts';

// Every finding, whatever its severity, opens a history row the first run it is found and closes it
// the first run it is gone from a site whose software is known.
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeWordfence>>;
let shop: number;
let quiet: number;
let startedAt: Date;
const DAY = 86_400_000;

const read = (id: number, wordpress: string, woocommerce: string | null) =>
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
          plugins: woocommerce
            ? [{ slug: 'woocommerce', name: 'WooCommerce', version: woocommerce, active: true }]
            : [],
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
const history = (websiteId: number) =>
  t.db
    .select()
    .from(securityFindingHistory)
    .where(eq(securityFindingHistory.websiteId, websiteId))
    .orderBy(asc(securityFindingHistory.id));

beforeAll(async () => {
  fake = await startFakeWordfence({ records: 10 });
  t = await createTestApp({ config: { wordfenceApiUrl: fake.url } });
  const made = await t.db
    .insert(websites)
    .values(
      ['shop.example', 'quiet.example'].map((name) => ({
        name,
        domain: name,
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
      })),
    )
    .returning();
  [shop, quiet] = made.map((w) => w.id) as [number, number];
  // The shop runs WordPress 6.5.3 (critical core record) and WooCommerce 9.3.3 (a medium one).
  await read(shop, '6.5.3', '9.3.3');
  startedAt = t.clock.now();
  const cookie = await t.signIn();
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/wordfence',
    headers: { cookie },
    payload: { apiKey: fake.apiKey },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.services.jobs.idle();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("the findings' history", () => {
  it('starts when the feed is first read, opening every finding of every severity that stands', async () => {
    const [start] = await t.db.select().from(securityFindingHistoryStart);
    expect(start?.at.getTime()).toBe(startedAt.getTime());
    const rows = await history(shop);
    expect(
      rows.map((r) => [r.vulnerabilityId, r.type, r.severity, r.openedVersion, r.patchedVersion, r.closedAt]),
    ).toEqual(
      expect.arrayContaining([
        [FIXED_IDS.core, 'core', 'critical', '6.5.3', '6.5.5', null],
        [FIXED_IDS.woocommerce, 'plugin', 'medium', '9.3.3', '9.3.4', null],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.title).toMatch(/^(WordPress Core|WooCommerce) <=/);
    // A site whose software is not known has no findings, and no rows.
    expect(await history(quiet)).toEqual([]);
  });

  it('opens nothing twice: a run with nothing new changes nothing', async () => {
    t.clock.advance(DAY);
    await matchAndRecord();
    expect(await history(shop)).toHaveLength(2);
  });

  it('closes a finding the site updated past, with the version then; one still affected stays open', async () => {
    t.clock.advance(DAY);
    const fixedAt = t.clock.now();
    // 6.5.4 is still affected by the core record: the same finding, still open from 6.5.3.
    await read(shop, '6.5.4', '9.3.4');
    await matchAndRecord();
    const rows = await history(shop);
    expect(rows).toHaveLength(2);
    const woo = rows.find((r) => r.vulnerabilityId === FIXED_IDS.woocommerce)!;
    expect(woo.closedAt?.getTime()).toBe(fixedAt.getTime());
    expect(woo.closedVersion).toBe('9.3.4');
    const core = rows.find((r) => r.vulnerabilityId === FIXED_IDS.core)!;
    expect([core.closedAt, core.openedVersion]).toEqual([null, '6.5.3']);
  });

  it('opens a new row when the finding comes back, and closes one whose software was removed', async () => {
    t.clock.advance(DAY);
    await read(shop, '6.5.4', '9.3.3');
    await matchAndRecord();
    let woo = (await history(shop)).filter((r) => r.vulnerabilityId === FIXED_IDS.woocommerce);
    expect(woo.map((r) => r.closedAt === null)).toEqual([false, true]);
    t.clock.advance(DAY);
    await read(shop, '6.5.4', null);
    await matchAndRecord();
    woo = (await history(shop)).filter((r) => r.vulnerabilityId === FIXED_IDS.woocommerce);
    expect(woo[1]!.closedAt?.getTime()).toBe(t.clock.now().getTime());
    expect(woo[1]!.closedVersion).toBeNull();
  });

  it('keeps findings open while the site is no longer checked: nothing says they were fixed', async () => {
    t.clock.advance(DAY);
    await recordSnapshotFacts(
      t.services,
      shop,
      { ok: true, snapshot: { wordpress_version: '6.5.4', php_version: '8.2.18', software: null } },
      t.clock.now(),
    );
    await matchAndRecord();
    const open = (await history(shop)).filter((r) => r.closedAt === null);
    expect(open.map((r) => r.vulnerabilityId)).toEqual([FIXED_IDS.core]);
  });

  it('goes with the website when it is deleted', async () => {
    await t.db.delete(websites).where(eq(websites.id, shop));
    expect(await history(shop)).toEqual([]);
  });
});
