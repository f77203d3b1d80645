import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTargets, startFakeTargets } from '../../../../test/fakes/targets';
import { probeHttp } from './probe';

let targets: FakeTargets;
let https: NonNullable<FakeTargets['https']>;

beforeAll(async () => {
  targets = await startFakeTargets({ https: true, certDays: 10 });
  https = targets.https!;
});
afterAll(() => targets.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe('probeHttp over TLS', () => {
  it('trusts the short-lived self-signed certificate given as a CA, and reports it', async () => {
    const result = await probeHttp({ url: `${https.url}/up` }, { allowPrivate: true, ca: https.ca });
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.certificate).toMatchObject({
      host: '127.0.0.1',
      validTo: https.validTo.toISOString(),
      subject: 'localhost',
      issuer: 'localhost',
    });
    expect(result.certificate!.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const daysLeft = (Date.parse(result.certificate!.validTo) - Date.now()) / DAY_MS;
    expect(daysLeft).toBeGreaterThan(9);
    expect(daysLeft).toBeLessThanOrEqual(10);
  });

  it('fails on a self-signed certificate nobody trusts, still reporting its dates', async () => {
    const result = await probeHttp({ url: `${https.url}/up` }, { allowPrivate: true });
    expect(result).toMatchObject({
      ok: false,
      status: null,
      errorCode: 'tls',
      error: 'Self-signed certificate (not trusted)',
    });
    expect(result.certificate?.validTo).toBe(https.validTo.toISOString());
  });

  it('fails on an expired certificate with a clear error and its expiry date', async () => {
    const ca = [https.ca, https.expiredCa]; // trusted, so that expiry is the only fault
    const result = await probeHttp({ url: `${https.expiredUrl}/up` }, { allowPrivate: true, ca });
    expect(result).toMatchObject({ ok: false, status: null, errorCode: 'tls', error: 'Certificate expired' });
    expect(Date.parse(result.certificate!.validTo)).toBeLessThan(Date.now());
  });

  it('fails when the certificate is for another name', async () => {
    const resolver = async (): Promise<LookupAddress[]> => [{ address: '127.0.0.1', family: 4 }];
    const port = new URL(https.url).port;
    const result = await probeHttp(
      { url: `https://shop.example.test:${port}/up` },
      { allowPrivate: true, ca: https.ca, resolver },
    );
    expect(result).toMatchObject({
      ok: false,
      errorCode: 'tls',
      error: 'Certificate does not match shop.example.test',
    });
    expect(result.certificate?.host).toBe('shop.example.test');
  });

  it('sends nothing over a connection whose certificate failed', async () => {
    const before = targets.stats.requests;
    await probeHttp({ url: `${https.url}/up` }, { allowPrivate: true });
    expect(targets.stats.requests).toBe(before);
  });

  it('reports the certificate of an https page that fails for another reason', async () => {
    const result = await probeHttp({ url: `${https.url}/down` }, { allowPrivate: true, ca: https.ca });
    expect(result).toMatchObject({ ok: false, status: 503 });
    expect(result.certificate?.validTo).toBe(https.validTo.toISOString());
  });
});
