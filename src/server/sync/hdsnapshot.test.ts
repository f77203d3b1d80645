import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGridPane } from '../../../test/fakes/gridpane';
import { startFakeWordPress } from '../../../test/fakes/wordpress';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { websiteFacts, websites, websiteVersions } from '../db/schema';
import { recordSnapshotFacts } from '../websites/facts';
import { sweepFacts } from './hdsnapshot';

// What the fleet view knows of each site comes from GridPane (the host's PHP) and from each site's
// HD Snapshot plugin, asked by a background sweep; a change of version is kept with its time.
let t: TestApp;
let cookie: string;
let gridpane: Awaited<ReturnType<typeof startFakeGridPane>>;
let wordpress: Awaited<ReturnType<typeof startFakeWordPress>>;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  gridpane = await startFakeGridPane({
    sites: 12,
    servers: 2,
    seed: 5,
    endpointLimit: 1000,
    totalLimit: 1000,
  });
  wordpress = await startFakeWordPress({ domains: gridpane.fleet.sites.map((s) => String(s.url)), seed: 5 });
  t = await createTestApp();
  cookie = await t.signIn();
  await call('POST', '/api/integrations/gridpane', { baseUrl: gridpane.url, accessToken: gridpane.token });
  await t.services.jobs.idle();
});
afterAll(async () => {
  await t.close();
  await Promise.all([gridpane.close(), wordpress.close()]);
});

const facts = async () =>
  new Map(
    (
      await t.db
        .select({ domain: websites.domain, f: websiteFacts })
        .from(websiteFacts)
        .innerJoin(websites, eq(websites.id, websiteFacts.websiteId))
    ).map((r) => [r.domain, r.f]),
  );

describe('website facts', () => {
  it("keeps each site's host PHP from the GridPane sync", async () => {
    const known = await facts();
    const withPhp = gridpane.fleet.sites.filter((s) => s.php_version);
    expect(withPhp.length).toBeGreaterThan(0);
    for (const s of withPhp) {
      const domain = String(s.url)
        .replace(/^www\./, '')
        .toLowerCase();
      expect(known.get(domain)?.hostPhp, domain).toBe(s.php_version);
    }
  });

  it('does nothing before HD Snapshot is set up', async () => {
    expect(await sweepFacts(t.services)).toEqual({ answered: 0, failed: 0 });
    expect(wordpress.requests.length).toBe(0);
  });

  it('asks every site as soon as HD Snapshot is saved, records versions and why a plugin did not answer, and waits before asking again', async () => {
    const [broken, ...rest] = gridpane.fleet.sites.map((s) => String(s.url));
    wordpress.setCase(broken!, 'absent');
    await call('POST', '/api/integrations/hdsnapshot', {
      globalToken: wordpress.token,
      urlTemplate: wordpress.urlTemplate,
    });
    await t.services.jobs.idle();
    const known = await facts();
    for (const url of rest) {
      const expected = wordpress.expected(url);
      const f = known.get(url.replace(/^www\./, '').toLowerCase())!;
      expect(f).toMatchObject({
        wordpressVersion: expected.wordpress_version,
        php: expected.php_version,
        snapshotOk: true,
        snapshotError: null,
      });
    }
    const failed = known.get(broken!.replace(/^www\./, '').toLowerCase())!;
    expect(failed.snapshotOk).toBe(false);
    expect(failed.snapshotError).toMatch(/not installed or not active/);

    const asked = wordpress.requests.length;
    expect(await sweepFacts(t.services)).toEqual({ answered: 0, failed: 0 });
    expect(wordpress.requests.length).toBe(asked);
    t.clock.advance(6 * 3_600_000 + 1);
    wordpress.setCase(broken!, 'ok');
    expect(await sweepFacts(t.services)).toEqual({ answered: rest.length + 1, failed: 0 });
  });

  it('keeps a version history only when a version changes', async () => {
    const [w] = await t.db.select().from(websites).limit(1);
    await t.db.delete(websiteVersions).where(eq(websiteVersions.websiteId, w!.id));
    const at = (iso: string) => new Date(iso);
    const say = (wp: string, php: string, when: string) =>
      recordSnapshotFacts(
        { db: t.db },
        w!.id,
        { ok: true, snapshot: { wordpress_version: wp, php_version: php } },
        at(when),
      );
    await say('6.4.3', '8.1.2', '2026-10-01T00:00:00Z');
    await say('6.4.3', '8.1.2', '2026-10-02T00:00:00Z');
    await recordSnapshotFacts(
      { db: t.db },
      w!.id,
      { ok: false, error: 'timeout' },
      at('2026-10-03T00:00:00Z'),
    );
    await say('6.5.0', '8.1.2', '2026-10-10T00:00:00Z');
    const history = await t.db
      .select({ seenAt: websiteVersions.seenAt, wp: websiteVersions.wordpressVersion })
      .from(websiteVersions)
      .where(eq(websiteVersions.websiteId, w!.id))
      .orderBy(asc(websiteVersions.seenAt));
    expect(history).toEqual([
      { seenAt: at('2026-10-01T00:00:00Z'), wp: '6.4.3' },
      { seenAt: at('2026-10-10T00:00:00Z'), wp: '6.5.0' },
    ]);
    const [now] = await t.db.select().from(websiteFacts).where(eq(websiteFacts.websiteId, w!.id));
    expect(now).toMatchObject({ wordpressVersion: '6.5.0', snapshotOk: true, snapshotError: null });
  });
});
