import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWporg, startFakeWporg } from '../../../../test/fakes/wporg';
import { localTargets, providerFailure } from '../../core/outbound/provider-test-helpers';
import { USER_AGENT } from '../public-json';
import { createWporgClient } from './client';

// wordpress.org's public API through its client, against the local fake.
let wporg: FakeWporg;
beforeAll(async () => {
  wporg = await startFakeWporg({ slowMs: 1500, retryAfterSeconds: 120 });
});
afterAll(async () => {
  await wporg.close();
});

const client = () =>
  createWporgClient({ baseUrl: `${wporg.url}/`, addressPolicy: localTargets, timeoutMs: 1000 });

describe('wordpress.org client', () => {
  it('reads the latest release, naming the product in its User-Agent', async () => {
    expect(await client().latestRelease()).toBe('6.9.1');
    wporg.setCoreLatest('7.0');
    expect(await client().latestRelease()).toBe('7.0');
    expect(wporg.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/core/version-check/1.7/',
      userAgent: USER_AGENT,
      status: 200,
    });
  });

  it.each([
    ['server_error', 'server_error', 'wordpress.org failed (HTTP 500)'],
    [
      'rate_limited',
      'rate_limited',
      'wordpress.org is limiting requests (HTTP 429): it asks us to wait 120 s',
    ],
    ['truncated', 'bad_response', 'wordpress.org sent a cut-off or garbled answer instead of its JSON'],
    ['html', 'bad_response', 'wordpress.org sent an HTML page instead of its JSON'],
    ['slow', 'timeout', 'wordpress.org did not answer within 1 s'],
  ] as const)('turns %s into a %s error that names wordpress.org', async (mode, kind, message) => {
    wporg.setFailure('versionCheck', mode, { times: 1 });
    const error = await providerFailure(client().latestRelease());
    expect(error).toMatchObject({ kind, message, provider: 'wporg' });
  });

  it('refuses an answer that is not a version check, and a wrong address', async () => {
    const wrong = createWporgClient({ baseUrl: `${wporg.url}/nope`, addressPolicy: localTargets });
    expect(await providerFailure(wrong.latestRelease())).toMatchObject({
      kind: 'not_found',
      message: expect.stringMatching(
        /^wordpress\.org has nothing at 127\.0\.0\.1:\d+ \(HTTP 404\): check WPORG_API_URL$/,
      ),
    });
    const strict = createWporgClient({ baseUrl: wporg.url, addressPolicy: { allowPrivate: false } });
    expect(await providerFailure(strict.latestRelease())).toMatchObject({ kind: 'refused_address' });
  });

  it('reads the latest version of the hosted plugins asked, in one batched update check', async () => {
    const latest = await client().latestPluginVersions([
      { file: 'akismet/akismet.php', name: 'Akismet Anti-spam' },
      { file: 'woocommerce/woocommerce.php', name: 'WooCommerce' },
      { file: 'wp-rocket/wp-rocket.php', name: 'WP Rocket' },
    ]);
    expect([...latest]).toEqual([
      ['akismet', '5.3.5'],
      ['woocommerce', '9.4.2'],
    ]);
    expect(wporg.requests.at(-1)).toMatchObject({ method: 'POST', path: '/plugins/update-check/1.1/' });
    // Nothing hosted among those asked: wordpress.org answers `[]` for the empty groups.
    expect(await client().latestPluginVersions([{ file: 'agency-custom-9/x.php', name: 'Custom' }])).toEqual(
      new Map(),
    );
  });

  it('tells a listed plugin from a closed one and from one never listed', async () => {
    wporg.setClosed('classic-editor', {
      closedOn: '2026-03-02',
      reason: 'security-issue',
      reasonText: 'Security Issue',
    });
    expect(await client().pluginInfo('akismet')).toEqual({ status: 'listed', version: '5.3.5' });
    expect(await client().pluginInfo('classic-editor')).toEqual({
      status: 'closed',
      closedOn: '2026-03-02',
      reason: 'Security Issue',
    });
    expect(await client().pluginInfo('wp-rocket')).toEqual({ status: 'not_listed' });
    expect(wporg.requests.at(-1)).toMatchObject({
      path: '/plugins/info/1.2/',
      query: { action: 'plugin_information', 'request[slug]': 'wp-rocket' },
    });
    wporg.setClosed('classic-editor', null);
  });

  it("reads core's verdict on every release", async () => {
    wporg.setCoreLatest('6.9.1');
    const verdicts = await client().coreVerdicts();
    expect(verdicts.get('6.9.1')).toBe('latest');
    expect(verdicts.get('6.9')).toBe('insecure');
    expect(verdicts.get('6.8.5')).toBe('outdated');
    expect(verdicts.get('6.5.3')).toBe('insecure');
  });

  it('fails a plugin request like any other, naming wordpress.org', async () => {
    wporg.setFailure('pluginInfo', 'server_error', { times: 1 });
    expect(await providerFailure(client().pluginInfo('akismet'))).toMatchObject({
      kind: 'server_error',
      message: 'wordpress.org failed (HTTP 500)',
    });
    wporg.setFailure('updateCheck', 'truncated', { times: 1 });
    expect(
      await providerFailure(client().latestPluginVersions([{ file: 'akismet/akismet.php', name: 'A' }])),
    ).toMatchObject({
      kind: 'bad_response',
    });
  });
});
