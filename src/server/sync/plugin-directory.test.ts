import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWporg, startFakeWporg } from '../../../test/fakes/wporg';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { insertWebsites } from '../../../test/support/websites';
import { LEFT_DIRECTORY, readDirectory } from '../plugin-directory';
import { toSoftware } from '../providers/hdsnapshot/parse';
import { PLUGIN_DIRECTORY_JOB, WPORG_RELEASES_JOB } from '../providers/wporg/keys';
import { riskOf } from '../security';
import { recordSnapshotFacts } from '../websites/facts';
import { readPluginDirectory } from './plugin-directory';

// wordpress.org's verdicts on what a website runs: core's release (latest, outdated, insecure), plugins
// the directory closed (kept as closed when they later vanish from it) and premium or custom plugins
// whose version has not moved for longer than the stale limit. Until wordpress.org was asked, each reads
// "not checked" (null), never "none".
let t: TestApp;
let wporg: FakeWporg;
let cookie: string;
let site: number;
const DAY = 86_400_000;
const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();
const infoAsked = () =>
  wporg.requests.filter((r) => r.path === '/plugins/info/1.2/').map((r) => r.query['request[slug]']);

const plugin = (slug: string, version: string) => ({
  slug,
  file: `${slug}/${slug}.php`,
  name: slug,
  version,
  active: true,
});
const runs = (rocket = '3.16.0') => ({
  schema_version: 2,
  plugins: [
    plugin('akismet', '5.3.3'),
    plugin('classic-editor', '1.6.5'),
    plugin('wp-rocket', rocket),
    plugin('agency-custom-1', '1.2.0'),
  ],
  themes: [{ slug: 'astra', name: 'Astra', version: '4.8', active: true }],
});
const record = (software = runs(), wordpress = '6.5.3') =>
  recordSnapshotFacts(
    t.services,
    site,
    {
      ok: true,
      snapshot: { wordpress_version: wordpress, php_version: '8.2.18', software: toSoftware(software) },
    },
    t.clock.now(),
  );

beforeAll(async () => {
  wporg = await startFakeWporg({
    closed: {
      'classic-editor': { closedOn: '2026-03-02', reason: 'security-issue', reasonText: 'Security Issue' },
    },
  });
  t = await createTestApp({ config: { wporgApiUrl: wporg.url } });
  cookie = await t.signIn();
  site = (await insertWebsites(t.db, ['shop.example']))['shop.example']!;
  await record();
});
afterAll(async () => {
  await t.close();
  await wporg.close();
});

describe("wordpress.org's verdicts on a website", () => {
  it('are not checked before wordpress.org was asked', async () => {
    const body = await get(`/api/websites/${site}/security`);
    expect(body).toMatchObject({ core: { version: '6.5.3', verdict: null }, closed: null, stale: null });
    expect(await get('/api/security/summary')).toMatchObject({ closedPlugins: null, coreInsecure: null });
    expect(await get('/api/security/closed-plugins')).toEqual({ checked: false, items: [] });
  });

  it('ask the directory in one update check, then only about what it did not offer', async () => {
    const run = await readPluginDirectory(t.services, { paceMs: 0 });
    expect(run).toEqual({ asked: 4, listed: 1, closed: 1, notListed: 2 });
    const checks = wporg.requests.filter((r) => r.path === '/plugins/update-check/1.1/');
    expect(checks).toHaveLength(1);
    expect(infoAsked().sort()).toEqual(['agency-custom-1', 'classic-editor', 'wp-rocket']);
    // Asked today: the next run (after the next sweep, say) asks nothing.
    expect(await readPluginDirectory(t.services, { paceMs: 0 })).toEqual({
      asked: 0,
      listed: 0,
      closed: 0,
      notListed: 0,
    });
    expect(wporg.requests.filter((r) => r.path === '/plugins/update-check/1.1/')).toHaveLength(1);
  });

  it("name core's verdict, the closed plugins and, in time, the stale ones", async () => {
    await t.services.jobs.run(WPORG_RELEASES_JOB);
    const body = await get(`/api/websites/${site}/security`);
    expect(body.core).toEqual({ version: '6.5.3', verdict: 'insecure' });
    expect(body.closed).toEqual([
      { slug: 'classic-editor', closedOn: '2026-03-02', reason: 'Security Issue' },
    ]);
    expect(body.stale).toEqual([]);
    expect(await get('/api/security/summary')).toMatchObject({ closedPlugins: 1, coreInsecure: 1 });
    // The lists' risk pill carries the same warnings.
    expect((await riskOf(t.services, [site])).get(site)?.warnings).toEqual([
      'WordPress 6.5.3 is insecure',
      'classic-editor was closed on wordpress.org',
    ]);
    expect(await get('/api/security/closed-plugins')).toEqual({
      checked: true,
      items: [
        {
          slug: 'classic-editor',
          name: 'classic-editor',
          closedOn: '2026-03-02',
          reason: 'Security Issue',
          siteCount: 1,
          sites: [{ id: site, name: 'shop.example' }],
        },
      ],
    });
    // The fleet's filters apply: another client's sites only.
    expect((await get('/api/security/closed-plugins?clientId=999')).items).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/security/closed-plugins?clientId=x',
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(400);

    // A year and two days on, the premium and custom plugins never listed have not moved: stale. The
    // directory is asked again (a day has passed) and still does not list them.
    t.clock.advance(367 * DAY);
    cookie = await t.signIn(); // the session did not last the year
    await record();
    await readPluginDirectory(t.services, { paceMs: 0 });
    const later = await get(`/api/websites/${site}/security`);
    expect(later.stale).toEqual([
      { slug: 'agency-custom-1', version: '1.2.0', unchangedDays: 367 },
      { slug: 'wp-rocket', version: '3.16.0', unchangedDays: 367 },
    ]);
    // Updating one starts its count again.
    await record(runs('3.17.3'), '6.9.1');
    const updated = await get(`/api/websites/${site}/security`);
    expect(updated.stale.map((s: { slug: string }) => s.slug)).toEqual(['agency-custom-1']);
    expect(updated.core).toEqual({ version: '6.9.1', verdict: 'latest' });
    expect(await get('/api/security/summary')).toMatchObject({ coreInsecure: 0 });
  });

  it('keep a plugin that was listed as closed when the directory stops knowing it', async () => {
    wporg.setListed('akismet', null);
    t.clock.advance(DAY);
    await readPluginDirectory(t.services, { paceMs: 0 });
    const [akismet] = (await readDirectory(t.services, ['akismet'])).values();
    expect(akismet).toMatchObject({
      status: 'closed',
      wasListed: true,
      closedOn: t.clock.now().toISOString().slice(0, 10),
      closedReason: LEFT_DIRECTORY,
    });
    // Listed again later, it is simply listed.
    wporg.setListed('akismet', { name: 'Akismet', version: '5.3.6' });
    t.clock.advance(DAY);
    await readPluginDirectory(t.services, { paceMs: 0 });
    expect((await readDirectory(t.services, ['akismet'])).get('akismet')).toMatchObject({
      status: 'listed',
      latestVersion: '5.3.6',
      closedOn: null,
      closedReason: null,
    });
  });

  it('keeps what it read when wordpress.org fails part way, and the retry asks only the rest', async () => {
    t.clock.advance(DAY);
    const before = infoAsked().length;
    wporg.setFailure('pluginInfo', 'server_error', { after: 1, times: 1 });
    await expect(t.services.jobs.run(PLUGIN_DIRECTORY_JOB)).rejects.toThrow(
      'wordpress.org failed (HTTP 500)',
    );
    const failedRun = infoAsked().length - before;
    expect(failedRun).toBe(2);
    await readPluginDirectory(t.services, { paceMs: 0 });
    // Three plugins need their information: one was read before the failure, so two are asked again.
    expect(infoAsked().length - before).toBe(failedRun + 2);
  });
});
