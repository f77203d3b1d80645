import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTargets, KEYWORD, startFakeTargets } from '../../../../test/fakes/targets';
import { probeHttp } from './probe';
import { parseExpectedStatus } from './status';

let targets: FakeTargets;
const allow = { allowPrivate: true };
const url = (path: string) => `${targets.url}${path}`;

beforeAll(async () => {
  targets = await startFakeTargets({ flapPeriodMs: 400 });
});
afterAll(() => targets.close());

describe('probeHttp against local targets', () => {
  it('reports a healthy page as up, with its status and the time to the answer', async () => {
    const result = await probeHttp({ url: url('/up') }, allow);
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      error: null,
      errorCode: null,
      finalUrl: url('/up'),
    });
    expect(result.responseMs).toBeGreaterThanOrEqual(0);
    expect(result.certificate).toBeUndefined();
  });

  it('reports a 503 as down, saying what was expected', async () => {
    const result = await probeHttp({ url: url('/down') }, allow);
    expect(result).toMatchObject({
      ok: false,
      status: 503,
      error: 'Expected 2xx–3xx, got 503',
      errorCode: 'status',
    });
  });

  it('judges against the statuses the check expects', async () => {
    const parsed = parseExpectedStatus('200,418');
    if (!parsed.ok) throw new Error(parsed.message);
    expect((await probeHttp({ url: url('/status/418'), expectedStatus: parsed.ranges }, allow)).ok).toBe(
      true,
    );
    expect((await probeHttp({ url: url('/status/404'), expectedStatus: parsed.ranges }, allow)).error).toBe(
      'Expected 200, 418, got 404',
    );
  });

  it('gives up on a slow site at the time limit', async () => {
    const started = Date.now();
    const result = await probeHttp({ url: url('/slow?ms=5000'), timeoutMs: 300 }, allow);
    expect(result).toMatchObject({ ok: false, status: null, responseMs: null, errorCode: 'timeout' });
    expect(result.error).toBe('Timed out after 300 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('counts the body against the time limit when it reads it', async () => {
    const result = await probeHttp(
      { url: url('/slow-body?ms=5000'), timeoutMs: 300, keyword: KEYWORD },
      allow,
    );
    expect(result).toMatchObject({ ok: false, errorCode: 'timeout' });
  });

  it('tests a keyword that must be present, or absent', async () => {
    expect((await probeHttp({ url: url('/up'), keyword: KEYWORD }, allow)).ok).toBe(true);
    expect(await probeHttp({ url: url('/up'), keyword: 'Checkout' }, allow)).toMatchObject({
      ok: false,
      status: 200,
      errorCode: 'keyword',
      error: 'Keyword "Checkout" not found',
    });
    expect(
      (await probeHttp({ url: url('/up'), keyword: 'Fatal error', keywordMode: 'absent' }, allow)).ok,
    ).toBe(true);
    expect(
      await probeHttp({ url: url('/up'), keyword: KEYWORD, keywordMode: 'absent' }, allow),
    ).toMatchObject({
      ok: false,
      error: `Keyword "${KEYWORD}" found`,
    });
  });

  it('reads at most 1 MB of a huge page', async () => {
    // 4 MB with the keyword only at the very end: past the cap, so not found, and quickly
    const result = await probeHttp({ url: url('/big?kb=4096'), keyword: KEYWORD }, allow);
    expect(result).toMatchObject({
      ok: false,
      status: 200,
      error: `Keyword "${KEYWORD}" not found in the first 1 MB`,
    });
    // A page under the cap is read whole
    expect((await probeHttp({ url: url('/big?kb=512'), keyword: KEYWORD }, allow)).ok).toBe(true);
  });

  it('reports WordPress error pages served with 200 as down on WordPress sites only', async () => {
    expect(await probeHttp({ url: url('/wordpress/db-error'), wordpress: true }, allow)).toMatchObject({
      ok: false,
      status: 200,
      errorCode: 'wordpress',
      error: 'WordPress database error page',
    });
    expect((await probeHttp({ url: url('/wordpress/critical'), wordpress: true }, allow)).error).toBe(
      'WordPress critical error page',
    );
    expect((await probeHttp({ url: url('/wordpress'), wordpress: true }, allow)).ok).toBe(true);
    expect((await probeHttp({ url: url('/wordpress/db-error') }, allow)).ok).toBe(true);
  });

  it('names the WordPress error page behind a failing status', async () => {
    expect(
      await probeHttp({ url: url('/wordpress/critical?status=500'), wordpress: true }, allow),
    ).toMatchObject({
      ok: false,
      status: 500,
      errorCode: 'status',
      error: 'WordPress critical error page (HTTP 500)',
    });
    expect((await probeHttp({ url: url('/wordpress/critical?status=500') }, allow)).error).toBe(
      'Expected 2xx–3xx, got 500',
    );
  });

  it('follows up to 5 redirects and judges where they lead', async () => {
    const result = await probeHttp({ url: url('/redirect/5') }, allow);
    expect(result).toMatchObject({ ok: true, status: 200, finalUrl: url('/up') });
    expect(await probeHttp({ url: url('/redirect/6') }, allow)).toMatchObject({
      ok: false,
      errorCode: 'too_many_redirects',
      error: 'Too many redirects (more than 5)',
    });
    const unfollowed = await probeHttp({ url: url('/redirect/1'), followRedirects: false }, allow);
    expect(unfollowed).toMatchObject({ ok: true, status: 302, finalUrl: url('/redirect/1') });
  });

  it('refuses a redirect to anything but http or https', async () => {
    const result = await probeHttp(
      { url: url(`/redirect-to?url=${encodeURIComponent('ftp://example.com/x')}`) },
      allow,
    );
    expect(result).toMatchObject({ ok: false, errorCode: 'redirect' });
    expect(result.error).toBe(
      'Redirect to ftp://example.com refused: only http and https addresses can be used (got ftp)',
    );
  });

  it('sees a flapping site go down and come back', async () => {
    const seen = new Set<boolean>();
    for (let i = 0; i < 12 && seen.size < 2; i++) {
      seen.add((await probeHttp({ url: url('/flap') }, allow)).ok);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toEqual(new Set([true, false]));
  });

  it('sends its own User-Agent and no cookie or credentials', async () => {
    const echo = (keyword: string, keywordMode: 'present' | 'absent') =>
      probeHttp({ url: url('/echo-headers'), keyword, keywordMode }, allow);
    expect((await echo('"user-agent":"AgencyHub-Check/1.0"', 'present')).ok).toBe(true);
    expect((await echo('"cookie"', 'absent')).ok).toBe(true);
    expect((await echo('"authorization"', 'absent')).ok).toBe(true);
  });

  it('reports a refused connection and an unknown host', async () => {
    expect(await probeHttp({ url: 'http://127.0.0.1:1/' }, allow)).toMatchObject({
      ok: false,
      errorCode: 'refused',
      error: 'Connection refused',
    });
    const nxdomain = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const unknown = await probeHttp(
      { url: 'http://no-such-host.invalid/' },
      { ...allow, resolver: nxdomain },
    );
    expect(unknown).toMatchObject({
      ok: false,
      errorCode: 'dns',
      error: 'Host no-such-host.invalid not found (DNS)',
    });
  });

  it('bounds name lookup, connection and TLS handshake by the connect limit', async () => {
    const hanging = () => new Promise<never>(() => {});
    expect(
      await probeHttp(
        { url: 'http://stuck-dns.example.test/' },
        { ...allow, resolver: hanging, connectTimeoutMs: 200 },
      ),
    ).toMatchObject({ ok: false, errorCode: 'connect_timeout', error: 'Could not connect within 200 ms' });
    // A server that accepts the connection and never starts TLS
    const silent = createServer((socket) => socket.resume()); // reads, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const result = await probeHttp(
        { url: `https://127.0.0.1:${port}/` },
        { ...allow, connectTimeoutMs: 200 },
      );
      expect(result).toMatchObject({
        ok: false,
        errorCode: 'connect_timeout',
        error: 'Could not connect within 200 ms',
      });
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('never waits longer than 5 s to connect, whatever it is asked', async () => {
    const hanging = () => new Promise<never>(() => {});
    const result = await probeHttp(
      { url: 'http://stuck-dns.example.test/', timeoutMs: 15_000 },
      { ...allow, resolver: hanging, connectTimeoutMs: 60_000 },
    );
    expect(result.error).toBe('Could not connect within 5 s');
  }, 10_000);

  it('refuses an unsupported URL without contacting anything', async () => {
    expect(await probeHttp({ url: 'ftp://example.com/' })).toMatchObject({
      ok: false,
      errorCode: 'unsupported_protocol',
      status: null,
    });
  });
});
