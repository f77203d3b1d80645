import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_IDS, startFakeWordfence } from '../../../test/fakes/wordfence';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { alertChannels, alertDeliveries, securityAlerts, websites } from '../db/schema';
import { toSoftware } from '../providers/hdsnapshot/parse';
import { MATCH_JOB } from '../vulnerabilities/match';
import { recordSnapshotFacts } from '../websites/facts';

// A new critical or high finding reaches the alert channels once per site, vulnerability and version;
// what stood when the feed was first read is on the Security page, not in a flood of alerts.
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeWordfence>>;
let shop: number;
let blog: number;

const software = toSoftware({
  schema_version: 2,
  plugins: [{ slug: 'woocommerce', name: 'WooCommerce', version: '9.3.3', active: true }],
  themes: [],
});
const read = (id: number, wordpress: string) =>
  recordSnapshotFacts(
    t.services,
    id,
    { ok: true, snapshot: { wordpress_version: wordpress, php_version: '8.2.18', software } },
    t.clock.now(),
  );
const matchAndAlert = async () => {
  await t.services.jobs.send(MATCH_JOB);
  await t.services.jobs.idle();
};
const deliveries = () =>
  t.db.select().from(alertDeliveries).where(eq(alertDeliveries.event, 'vulnerability'));

beforeAll(async () => {
  fake = await startFakeWordfence({ records: 10 });
  t = await createTestApp({ config: { wordfenceApiUrl: fake.url } });
  await t.db.insert(alertChannels).values({ kind: 'email', name: 'Ops', target: 'ops@agency.test' });
  const made = await t.db
    .insert(websites)
    .values(
      ['shop.example', 'blog.example'].map((name) => ({
        name,
        domain: name,
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
      })),
    )
    .returning();
  [shop, blog] = made.map((w) => w.id) as [number, number];
  // The shop runs WordPress 6.5.3: core's critical record affects it from the start.
  await read(shop, '6.5.3');
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

describe('alerts on new critical and high findings', () => {
  it('records what stood when the feed was first read, without alerting', async () => {
    const kept = await t.db.select().from(securityAlerts);
    expect(kept.map((a) => [a.websiteId, a.vulnerabilityId, a.version, a.alerted])).toEqual([
      [shop, FIXED_IDS.core, '6.5.3', false],
    ]);
    expect(await deliveries()).toEqual([]);
  });

  it('alerts a site newly found running an affected version, once', async () => {
    await read(blog, '6.5.3');
    await matchAndAlert();
    const sent = await deliveries();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: 'blog.example: critical vulnerability in WordPress',
      link: `/websites/internal/${blog}`,
    });
    expect(sent[0]!.body).toMatch(
      /^Critical: WordPress Core <= 6\.5\.4 .*\(WordPress 6\.5\.3, fixed in 6\.5\.5\)$/,
    );
    // The medium WooCommerce finding is not alerted; a second run finds nothing new.
    await matchAndAlert();
    expect(await deliveries()).toHaveLength(1);
  });

  it('alerts again when the site moves to another affected version, not once it is fixed', async () => {
    await read(blog, '6.5.4');
    await matchAndAlert();
    expect(await deliveries()).toHaveLength(2);
    await read(blog, '6.5.5');
    await matchAndAlert();
    expect(await deliveries()).toHaveLength(2);
  });
});
