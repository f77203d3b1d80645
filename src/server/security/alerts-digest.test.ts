import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_IDS, startFakeWordfence } from '../../../test/fakes/wordfence';
import { createTestApp, type TestApp } from '../../../test/support/app';
import type { SecurityAlertMode } from '../../shared/settings';
import {
  alertChannels,
  alertChannelTags,
  alertDeliveries,
  clients,
  clientTags,
  securityAlerts,
  tags,
  websites,
} from '../db/schema';
import { toSoftware } from '../providers/hdsnapshot/parse';
import { MATCH_JOB } from '../vulnerabilities/match';
import { recordSnapshotFacts } from '../websites/facts';
import { FINDINGS_DIGEST_JOB, sendFindingsDigest } from './alerts';

// With the daily digest chosen, new critical or high findings wait for it: one alert per client listing
// each of its sites' findings still open then, routed by that client's tags, sent once.
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeWordfence>>;
let cookie: string;
let ops: number;
let retailDesk: number;
let acme: number;
let beta: number;
const site: Record<string, number> = {};

const software = toSoftware({ schema_version: 2, plugins: [], themes: [] });
const read = (name: string, wordpress: string) =>
  recordSnapshotFacts(
    t.services,
    site[name]!,
    { ok: true, snapshot: { wordpress_version: wordpress, php_version: '8.2.18', software } },
    t.clock.now(),
  );
const matchAndAlert = async () => {
  await t.services.jobs.send(MATCH_JOB);
  await t.services.jobs.idle();
};
const runDigest = async () => {
  await t.services.jobs.send(FINDINGS_DIGEST_JOB);
  await t.services.jobs.idle();
};
const deliveries = (channelId?: number) =>
  t.db
    .select()
    .from(alertDeliveries)
    .where(
      channelId === undefined
        ? eq(alertDeliveries.event, 'vulnerability')
        : and(eq(alertDeliveries.event, 'vulnerability'), eq(alertDeliveries.channelId, channelId)),
    )
    .orderBy(asc(alertDeliveries.id));
const setMode = async (securityAlerts: SecurityAlertMode) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/agency',
    headers: { cookie },
    payload: { name: 'Pixel & Co', timeZone: 'UTC', securityAlerts },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().securityAlerts).toBe(securityAlerts);
};

beforeAll(async () => {
  fake = await startFakeWordfence({ records: 10 });
  t = await createTestApp({ config: { wordfenceApiUrl: fake.url } });
  const [retail] = await t.db.insert(tags).values({ name: 'Retail' }).returning();
  [acme, beta] = (
    await t.db
      .insert(clients)
      .values([{ name: 'Acme' }, { name: 'Beta' }])
      .returning()
  ).map((c) => c.id) as [number, number];
  await t.db.insert(clientTags).values({ clientId: acme, tagId: retail!.id });
  [ops, retailDesk] = (
    await t.db
      .insert(alertChannels)
      .values([
        { kind: 'email', name: 'Ops', target: 'ops@agency.test' },
        { kind: 'email', name: 'Retail desk', target: 'retail@agency.test' },
      ])
      .returning()
  ).map((c) => c.id) as [number, number];
  await t.db.insert(alertChannelTags).values({ channelId: retailDesk, tagId: retail!.id });
  const owners: Record<string, number | null> = {
    'a1.example': acme,
    'a2.example': acme,
    'b1.example': beta,
    'b2.example': beta,
    'solo.example': null,
    'late.example': null,
    'now.example': null,
  };
  const made = await t.db
    .insert(websites)
    .values(
      Object.entries(owners).map(([name, clientId]) => ({
        name,
        domain: name,
        clientId,
        integrationProvider: 'gridpane',
        status: 'active',
        environment: 'production',
      })),
    )
    .returning();
  for (const w of made) site[w.name] = w.id;
  cookie = await t.signIn();
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

describe('the daily digest of security alerts', () => {
  it('sends nothing when findings are matched, and records them as due for the digest', async () => {
    await setMode('digest');
    for (const name of ['a1.example', 'a2.example', 'b1.example', 'b2.example', 'solo.example'])
      await read(name, '6.5.3');
    await matchAndAlert();
    expect(await deliveries()).toEqual([]);
    const kept = await t.db.select().from(securityAlerts);
    expect(kept).toHaveLength(5);
    expect(kept.every((a) => a.digestDue && !a.alerted && a.vulnerabilityId === FIXED_IDS.core)).toBe(true);
  });

  it('sends one alert per client with its sites’ findings still open, routed by the client’s tags', async () => {
    // b2 is updated past the fix before the digest runs: it is left out, and done with.
    await read('b2.example', '6.5.5');
    await matchAndAlert();
    await runDigest();

    const all = await deliveries(ops);
    expect(all.map((d) => d.title)).toEqual([
      'Acme: 2 new critical or high vulnerabilities on 2 sites',
      'Beta: 1 new critical or high vulnerability on 1 site',
      'Sites without a client: 1 new critical or high vulnerability on 1 site',
    ]);
    const [forAcme, forBeta, forNone] = all as [(typeof all)[0], (typeof all)[0], (typeof all)[0]];
    expect(forAcme.body).toMatch(
      /^a1\.example\n {2}Critical: WordPress Core <= 6\.5\.4 .*\(WordPress 6\.5\.3, fixed in 6\.5\.5\)\n\na2\.example\n {2}Critical: /,
    );
    expect(forAcme.link).toBe(`/security?client=${acme}`);
    expect(forBeta.body).toMatch(/^b1\.example\n/);
    expect(forBeta.body).not.toContain('b2.example');
    expect(forBeta.link).toBe(`/security?client=${beta}`);
    expect(forNone.body).toMatch(/^solo\.example\n/);
    expect(forNone.link).toBe('/security');
    expect(new Set(all.map((d) => d.subjectKey)).size).toBe(3);

    // The channel limited to the Retail tag hears only of Acme, the client with that tag.
    expect((await deliveries(retailDesk)).map((d) => d.title)).toEqual([forAcme.title]);

    const kept = await t.db.select().from(securityAlerts);
    expect(kept.every((a) => !a.digestDue)).toBe(true);
    expect(kept.filter((a) => a.alerted).map((a) => a.websiteId)).toHaveLength(4);
    expect(kept.find((a) => a.websiteId === site['b2.example'])!.alerted).toBe(false);
  });

  it('sends a digest once: a second run, even alongside another, finds nothing due', async () => {
    const before = (await deliveries()).length;
    await runDigest();
    expect(await deliveries()).toHaveLength(before);

    await read('late.example', '6.5.3');
    await matchAndAlert();
    expect(await deliveries()).toHaveLength(before);
    const runs = await Promise.all([sendFindingsDigest(t.services), sendFindingsDigest(t.services)]);
    expect(runs.map((r) => r.sent).sort()).toEqual([0, 1]);
    const sent = (await deliveries(ops)).slice(-1)[0]!;
    expect(sent.title).toBe('Sites without a client: 1 new critical or high vulnerability on 1 site');
    expect(sent.body).toMatch(/^late\.example\n/);
    expect(await deliveries()).toHaveLength(before + 1);
  });

  it('back to alerts as they are found: new findings go at once, those that waited with the next digest', async () => {
    await read('late.example', '6.5.4');
    await matchAndAlert();
    const before = (await deliveries()).length;
    await setMode('immediate');
    await read('now.example', '6.5.3');
    await matchAndAlert();
    const now = await deliveries();
    expect(now).toHaveLength(before + 1);
    expect(now.slice(-1)[0]!.title).toBe('now.example: critical vulnerability in WordPress');

    await runDigest();
    const digest = (await deliveries()).slice(before + 1);
    expect(digest.map((d) => d.title)).toEqual([
      'Sites without a client: 1 new critical or high vulnerability on 1 site',
    ]);
    expect(digest[0]!.body).toContain('late.example\n  Critical: WordPress Core <= 6.5.4');
    expect(digest[0]!.body).toContain('(WordPress 6.5.4, fixed in 6.5.5)');
  });
});
