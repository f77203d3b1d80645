import { afterEach, describe, expect, it } from 'vitest';
import { generateFleet } from '../../../../test/fakes/gridpane';
import { type FakeWordPress, startFakeWordPress, type WordPressCase } from '../../../../test/fakes/wordpress';
import { localTargets, providerFailure } from '../../core/outbound/provider-test-helpers';
import { fetchSnapshot, pingSnapshot } from './client';

const domains = generateFleet({ servers: 2, sites: 12, seed: 9 }).sites.map((s) => String(s.url));
const domain = domains[0]!;

let fake: FakeWordPress | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(cases: Record<string, WordPressCase> = {}) {
  fake = await startFakeWordPress({ domains, seed: 9, cases, slowMs: 2000 });
  return { domain, token: fake.token, urlTemplate: fake.urlTemplate, addressPolicy: localTargets };
}

describe('HD Snapshot client', () => {
  it('fetches a snapshot through the {domain} template, with both token headers', async () => {
    const request = await start();
    const result = await fetchSnapshot(request);
    const expected = fake!.expected(domain);
    expect(result.snapshot).toEqual({
      schema_version: expected.schema_version,
      generated_at: expect.any(String),
      site_url: `https://${domain}`,
      wordpress_version: expected.wordpress_version,
      php_version: expected.php_version,
      theme: expected.theme,
      plugin_count: expected.plugin_count,
      active_plugin_count: expected.active_plugin_count,
      is_multisite: expected.is_multisite,
      plugin_version: expected.plugin_version,
      // Schema 2 lists what the site runs; schema 1 does not report it.
      software:
        expected.schema_version === 2 ? { plugins: expect.any(Array), themes: expect.any(Array) } : null,
    });
    if (result.snapshot.software)
      expect(result.snapshot.software.plugins).toHaveLength(expected.plugin_count);
    expect(result.snapshot.wordpress_version).toMatch(/^6\.[4-7]/);
    expect(result.raw).toMatchObject({ theme_details: expected.theme_details });
    expect(result.warning).toBeUndefined();
    expect(fake!.requests).toEqual([
      expect.objectContaining({ domain, route: 'snapshot', tokenSent: true, status: 200 }),
    ]);
    expect(await pingSnapshot(request)).toEqual({
      ok: true,
      plugin_version: expected.plugin_version,
      schema_version: expected.schema_version,
    });
  });

  it.each<[WordPressCase, string, RegExp]>([
    [
      'no_token',
      'unauthorized',
      /^HD Snapshot on @@ rejected the global token \(HTTP 401\): the token did not reach/,
    ],
    ['wrong_token', 'unauthorized', /^HD Snapshot on @@ rejected the global token \(HTTP 403\)$/],
    ['absent', 'not_found', /^The HD Snapshot plugin is not installed or not active on @@$/],
    ['not_configured', 'unauthorized', /^HD Snapshot on @@ has no token configured yet/],
    [
      'html',
      'bad_response',
      /^@@ did not answer with HD Snapshot data \(got an HTML page\) — is the plugin active\?$/,
    ],
    [
      'login_redirect',
      'bad_response',
      /^HD Snapshot plugin unreachable on @@: the site redirects to its login page/,
    ],
  ])('case %s → %s, naming the domain', async (mode, kind, message) => {
    const request = await start({ [domain]: mode });
    const error = await providerFailure(fetchSnapshot(request));
    expect(error).toMatchObject({ kind, provider: 'hdsnapshot' });
    expect(error.message).toMatch(new RegExp(message.source.replaceAll('@@', domain.replaceAll('.', '\\.'))));
  });

  it('rejects a wrong global token with 403 and a missing site with not_found', async () => {
    const request = await start();
    expect(await providerFailure(fetchSnapshot({ ...request, token: 'nope' }))).toMatchObject({
      kind: 'unauthorized',
      upstreamStatus: 403,
    });
    const unknown = await providerFailure(fetchSnapshot({ ...request, domain: 'not-ours.example' }));
    expect(unknown).toMatchObject({
      kind: 'not_found',
      message: expect.stringContaining('not-ours.example'),
    });
  });

  it('times out with a clear message', async () => {
    const request = await start({ [domain]: 'slow' });
    const started = Date.now();
    const error = await providerFailure(fetchSnapshot({ ...request, timeoutMs: 150 }));
    expect(error).toMatchObject({
      kind: 'timeout',
      message: `HD Snapshot on ${domain} did not answer within 0.2 s`,
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('keeps the raw data of a newer schema, with a warning, and drops secret-looking keys', async () => {
    const request = await start({ [domain]: 'schema_newer' });
    const result = await fetchSnapshot(request);
    expect(result.snapshot.schema_version).toBe(3);
    expect(result.warning).toMatch(
      new RegExp(`^HD Snapshot on ${domain.replaceAll('.', '\\.')} uses schema version 3`),
    );
    expect(result.raw).toMatchObject({ plugins: expect.any(Array), environment: { mysql: '8.0.36' } });
    expect(JSON.stringify(result.raw)).not.toMatch(/REDACTED|token|password/i);
  });

  it('caps the body size', async () => {
    const request = await start();
    const error = await providerFailure(fetchSnapshot({ ...request, maxBytes: 100 }));
    expect(error).toMatchObject({
      kind: 'too_large',
      message: expect.stringContaining(`HD Snapshot on ${domain}`),
    });
  });

  it.each([
    'evil.com/x',
    'a@b',
    'example.com:8080',
    'example.com?x=1',
    'example.com#x',
    '',
    '../etc',
    'ex ample.com',
    '-bad.com',
  ])('refuses the domain %j without sending anything', async (bad) => {
    const request = await start();
    const error = await providerFailure(fetchSnapshot({ ...request, domain: bad }));
    expect(error.message).toMatch(/HD Snapshot/);
    expect(fake!.requests).toEqual([]);
  });

  it('refuses non-https addresses except loopback, and templates without {domain}', async () => {
    const base = { domain: 'example.com', token: 't', addressPolicy: localTargets };
    const plain = await providerFailure(
      fetchSnapshot({ ...base, urlTemplate: 'http://{domain}/wp-json/hd-snapshot/v1/snapshot' }),
    );
    expect(plain.message).toBe(
      'HD Snapshot on example.com: refusing a non-https address (the global token must not travel in clear)',
    );
    const ftp = await providerFailure(fetchSnapshot({ ...base, urlTemplate: 'ftp://{domain}/snapshot' }));
    expect(ftp.message).toMatch(/non-https/);
    const noDomain = await providerFailure(
      fetchSnapshot({ ...base, urlTemplate: 'https://example.org/snapshot' }),
    );
    expect(noDomain.message).toMatch(/must contain \{domain\}/);
  });
});
